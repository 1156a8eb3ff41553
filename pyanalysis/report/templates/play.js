(function () {
  "use strict";
  var source = document.getElementById("report-data");
  if (!source) { return; }
  var data = JSON.parse(source.textContent);
  var play = data.play;
  var steps = play.steps;
  var tricks = play.tricks;
  var total = steps.length;
  var SUITS = "SCDH";
  var SYMBOLS = ["\u2660", "\u2663", "\u2666", "\u2665"];
  var SUIT_NAMES = ["spades", "clubs", "diamonds", "hearts"];
  var RANKS = "789TJQKA";
  var ORDINAL = { 1: "1st", 2: "2nd", 3: "3rd" };
  var at = 0;

  function suitOf(code) { return SUITS.indexOf(code.charAt(1)); }
  function rankOf(code) { return RANKS.indexOf(code.charAt(0)); }
  function rankText(code) { return code.charAt(0) === "T" ? "10" : code.charAt(0); }
  function cardText(code) { return rankText(code) + SYMBOLS[suitOf(code)]; }
  function colour(code) { return suitOf(code) >= 2 ? "red" : "black"; }
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
  function cardsWords(codes) {
    var names = codes.map(cardText);
    if (names.length <= 1) { return names.join(""); }
    return names.slice(0, -1).join(", ") + " or " + names[names.length - 1];
  }
  function seatName(seat) { return data.seats[String(seat)]; }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }
  function chip(code, withSuit) {
    var node = el("span", "card " + colour(code));
    var r = el("span", "r c " + colour(code), withSuit ? cardText(code) : rankText(code));
    node.appendChild(r);
    node.title = rankText(code) + " of " + SUIT_NAMES[suitOf(code)];
    return node;
  }

  // Cards still in each hand before card `p`.
  function handsAt(p) {
    var gone = {};
    for (var i = 0; i < p; i++) { gone[steps[i].card] = true; }
    var out = {};
    [1, 2, 3].forEach(function (seat) {
      out[seat] = data.hands[String(seat)].filter(function (c) { return !gone[c]; });
    });
    return out;
  }

  function drawHands(p) {
    var hands = handsAt(p);
    var step = p < total ? steps[p] : null;
    [1, 2, 3].forEach(function (seat) {
      var box = document.querySelector('.seat[data-seat="' + seat + '"]');
      if (!box) { return; }
      var moving = step && step.seat === seat;
      box.classList.toggle("to-move", !!moving);
      for (var s = 0; s < 4; s++) {
        var row = box.querySelector('.cards[data-suit="' + s + '"]');
        row.textContent = "";
        var cards = hands[seat].filter(function (c) { return suitOf(c) === s; });
        cards.sort(function (a, b) { return rankOf(b) - rankOf(a); });
        if (!cards.length) { row.appendChild(el("span", "void", "\u2014")); continue; }
        cards.forEach(function (code) {
          var node = chip(code, false);
          if (moving) {
            if (Object.prototype.hasOwnProperty.call(step.values, code)) {
              node.classList.add("legal");
              if (step.best.indexOf(code) >= 0) { node.classList.add("best"); }
              node.appendChild(el("span", "v", String(step.values[code])));
            } else {
              node.classList.add("off");
            }
            if (code === step.card) {
              node.classList.add("now");
              if (step.cost > 0) { node.classList.add("err"); }
            }
          }
          row.appendChild(node);
        });
      }
      var taken = step ? step.taken[seat - 1] : play.final_taken[seat - 1];
      var label = box.querySelector(".taken");
      if (label) { label.textContent = plural(taken, "trick"); }
    });
  }

  function drawTrick(p) {
    var box = document.getElementById("trick");
    var caption = document.getElementById("trick-caption");
    if (!box) { return; }
    var trick = null, upTo = 0, done = false;
    if (p < total) {
      trick = tricks[steps[p].trick - 1];
      upTo = p - trick.first_step;
      if (upTo === 0 && steps[p].trick > 1) {
        trick = tricks[steps[p].trick - 2];
        upTo = trick.cards.length;
        done = true;
      }
    } else if (tricks.length) {
      trick = tricks[tricks.length - 1];
      upTo = trick.cards.length;
      done = true;
    }
    [1, 2, 3].forEach(function (seat) {
      box.querySelector('[data-slot="' + seat + '"]').textContent = "";
    });
    box.classList.toggle("done", done);
    var words = [];
    if (trick) {
      for (var k = 0; k < upTo; k++) {
        var node = chip(trick.cards[k], true);
        if (done && trick.taker === trick.seats[k]) { node.classList.add("won"); }
        box.querySelector('[data-slot="' + trick.seats[k] + '"]').appendChild(node);
      }
      if (trick.talon_card) { words.push("talon card " + cardText(trick.talon_card)); }
      if (done) {
        words.unshift("Trick " + trick.number + (trick.taker ? " won by the " + ORDINAL[trick.taker] + " hand"
          : (trick.cards.length === 3 ? ": nobody takes it" : "")));
      } else {
        words.unshift("Trick " + trick.number);
      }
    }
    if (p === 0 && data.talon.length) { words.push("talon " + data.talon.map(cardText).join(" ")); }
    if (p === 0 && data.discard) { words.push("discard " + data.discard.map(cardText).join(" ")); }
    caption.textContent = words.join(" \u00b7 ");
  }

  function whose(step) {
    if (data.focus === null) { return "the " + ORDINAL[step.focus] + " hand's"; }
    return data.focus_role === "player" ? "the player's" : "the declarer's";
  }

  function drawStatus(p) {
    var status = document.getElementById("status");
    var counter = document.getElementById("counter");
    status.textContent = "";
    if (p < total) {
      var step = steps[p];
      counter.textContent = "Card " + (p + 1) + "/" + total + " \u00b7 trick " + step.trick;
      var head = el("span", "", seatName(step.seat).charAt(0).toUpperCase() + seatName(step.seat).slice(1)
        + " to play. With best play " + whose(step) + " tricks: " + step.before + ". ");
      status.appendChild(head);
      var played = el("span", step.cost > 0 ? "bad" : "ok");
      if (step.cost > 0) {
        played.textContent = "Played " + cardText(step.card) + ": cost " + plural(step.cost, "trick")
          + ", best " + cardsWords(step.best) + " (" + step.before + " \u2192 " + step.after + ").";
      } else {
        played.textContent = "Played " + cardText(step.card) + ": best.";
      }
      status.appendChild(played);
    } else {
      counter.textContent = play.complete ? "End of play" : "End of the record";
      var who = data.focus_role === "player" ? "the player" : "the declarer";
      var text;
      if (data.focus === null) {
        text = "End of play: " + (data.verdict || "") + ".";
      } else if (play.complete) {
        text = "End of play: " + who + " took " + plural(play.result, "trick")
          + (data.verdict ? " (" + data.verdict + ")" : "") + ". Double-dummy from the start: "
          + play.dd_start + ".";
      } else {
        text = "The record stops here. With best play from this point " + who + " takes "
          + plural(play.result, "trick") + "; double-dummy from the start: " + play.dd_start + ".";
      }
      status.appendChild(el("span", "", text));
    }
  }

  function drawTable(p) {
    var cells = document.querySelectorAll("td[data-step]");
    for (var i = 0; i < cells.length; i++) {
      cells[i].classList.toggle("current", Number(cells[i].getAttribute("data-step")) === p);
    }
  }

  function drawButtons(p) {
    var buttons = document.querySelectorAll(".controls button");
    for (var i = 0; i < buttons.length; i++) {
      var go = buttons[i].getAttribute("data-go");
      buttons[i].disabled = (go === "first" || go === "prev") ? p === 0 : p === total;
    }
  }

  function render() {
    drawHands(at);
    drawTrick(at);
    drawStatus(at);
    drawTable(at);
    drawButtons(at);
  }

  function go(p) {
    var next = Math.max(0, Math.min(total, p));
    if (next === at && document.getElementById("counter").textContent) { return; }
    at = next;
    render();
    if (window.history && window.history.replaceState) {
      try { window.history.replaceState(null, "", "#card-" + (at + 1)); } catch (e) { /* file: URLs may refuse */ }
    }
  }

  var controls = document.querySelector(".controls");
  if (controls) {
    controls.hidden = false;
    controls.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-go]");
      if (!button) { return; }
      var where = button.getAttribute("data-go");
      go(where === "first" ? 0 : where === "prev" ? at - 1 : where === "next" ? at + 1 : total);
    });
  }
  document.addEventListener("click", function (event) {
    var target = event.target.closest("button[data-step]");
    if (!target) { return; }
    go(Number(target.getAttribute("data-step")));
    var board = document.getElementById("play");
    if (board && board.scrollIntoView) { board.scrollIntoView({ behavior: "smooth", block: "start" }); }
  });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var t = event.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) { return; }
    if (event.key === "ArrowRight") { go(at + 1); }
    else if (event.key === "ArrowLeft") { go(at - 1); }
    else if (event.key === "Home") { go(0); }
    else if (event.key === "End") { go(total); }
    else { return; }
    event.preventDefault();
  });

  var match = /^#card-(\d+)$/.exec(window.location.hash || "");
  at = match ? Math.max(0, Math.min(total, Number(match[1]) - 1)) : 0;
  render();
})();
