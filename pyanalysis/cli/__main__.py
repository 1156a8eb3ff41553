"""`python -m pyanalysis.cli ...` runs the `prefdd` command."""
from pyanalysis.cli import main

if __name__ == "__main__":
    main(prog_name="prefdd")
