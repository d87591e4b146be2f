// popejoan serve: the player's page and the board page. Plain JavaScript, no build step.
// The state comes from this server only: /state once, then /events (Server-Sent Events).
// Text from people (names, labels) is always set as textContent, never parsed as HTML.
"use strict";

(function () {
  var SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
  var SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
  var base = window.location.pathname.replace(/\/+$/, "");
  var screen = document.body.getAttribute("data-screen");
  var state = null;
  var pending = false;

  function $(id) { return document.getElementById(id); }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }

  function clear(node) { while (node && node.firstChild) { node.removeChild(node.firstChild); } }

  // A card: rank, the suit's symbol AND its letter (never colour alone), e.g. "A♠ S".
  function cardFace(code, tag) {
    var suit = code.slice(-1);
    var rank = code.slice(0, -1);
    var face = el(tag || "span", "card suit-" + suit);
    face.setAttribute("aria-label", rank + " of " + (SUITS[suit] || suit));
    face.appendChild(el("span", "rank", rank));
    face.appendChild(el("span", "sym", SYMBOLS[suit] || "?"));
    face.appendChild(el("small", "letter", suit));
    return face;
  }

  // Text from the narration names cards by their faces ("K♦"): each is drawn as a card, letter and all.
  var FACE = /(10|[2-9AJQK])([\u2663\u2666\u2665\u2660])/g;
  var LETTER = { "\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S" };

  function textWithCards(parent, text) {
    var at = 0;
    var m;
    FACE.lastIndex = 0;
    while ((m = FACE.exec(text)) !== null) {
      if (m.index > at) { parent.appendChild(document.createTextNode(text.slice(at, m.index))); }
      parent.appendChild(cardFace(m[1] + LETTER[m[2]]));
      at = m.index + m[0].length;
    }
    if (at < text.length) { parent.appendChild(document.createTextNode(text.slice(at))); }
    return parent;
  }

  function storyLines(node, lines) {
    clear(node);
    (lines || []).forEach(function (line) {
      var p = el("p", "line");
      line.forEach(function (piece) {
        if (typeof piece === "string") { textWithCards(p, piece); }
        else if (piece && piece.card) { p.appendChild(cardFace(piece.card)); }
      });
      node.appendChild(p);
    });
  }

  function drawTurn(s) {
    var title = s.table + (s.hand ? " \u00b7 hand " + s.hand : "");
    $("title").textContent = title;
    var turn;
    if (s.ended) { turn = "The session has ended."; }
    else if (s.hand === null) { turn = "No hand dealt yet: " + s.next_dealer + " deals first."; }
    else if (s.over) { turn = "Hand " + s.hand + " is over." + (s.seed !== null ? " Its seed was " + s.seed + "." : ""); }
    else if (s.lead) { turn = (s.you && s.you.your_lead) ? "Your lead." : s.lead + " to lead."; }
    else { turn = "Hand " + s.hand + " is being played."; }
    $("turn").textContent = turn;
  }

  function drawBoard(s) {
    var pots = $("pots");
    clear(pots);
    s.pots.forEach(function (pot) {
      var cell = el("div", "pot");
      cell.appendChild(el("div", "label", pot.label));
      cell.appendChild(el("div", "count", pot.counters));
      pots.appendChild(cell);
    });
    var centre = $("centre");
    clear(centre);
    if (s.turnup) {
      var up = el("p", "turnup", "Turn-up ");
      up.appendChild(cardFace(s.turnup));
      centre.appendChild(up);
      centre.appendChild(el("p", "trump", "Trump: " + s.trump.symbol + " " + s.trump.suit + " " + s.trump.title));
    } else {
      centre.appendChild(el("p", "turnup", s.hand === null ? "No hand dealt yet" : "No turn-up"));
    }
    if (s.spare !== null && s.spare !== undefined) {
      centre.appendChild(el("p", "note", "Spare hand: " + s.spare + " cards"));
    }
  }

  function runNode(run) {
    var div = el("div", "run");
    var p = el("p", "line", run.leader + " leads ");
    run.cards.forEach(function (c, i) {
      p.appendChild(cardFace(c.card));
      if (i && run.cards[i - 1].player !== c.player) { p.appendChild(document.createTextNode(" (" + c.player + ")")); }
      p.appendChild(document.createTextNode(" "));
    });
    div.appendChild(p);
    if (run.stop) { div.appendChild(textWithCards(el("p", "stop"), run.stop.why || "")); }
    return div;
  }

  function drawRuns(s) {
    var all = $("runs");
    if (all) {
      clear(all);
      s.runs.slice().reverse().forEach(function (run) { all.appendChild(runNode(run)); });
      if (!s.runs.length) { all.appendChild(el("p", "note", "No lead yet.")); }
    }
    var last = $("lastrun");
    if (last) {
      clear(last);
      if (s.runs.length) { last.appendChild(runNode(s.runs[s.runs.length - 1])); }
      else { last.appendChild(el("p", "note", "No lead yet.")); }
    }
    var awards = $("awards");
    if (awards) {
      clear(awards);
      s.awards.forEach(function (a) {
        var li = el("li", "", a.player + " wins " + a.label + " ");
        a.cards.forEach(function (c) { li.appendChild(cardFace(c)); li.appendChild(document.createTextNode(" ")); });
        li.appendChild(document.createTextNode(": " + a.counters + " counter" + (a.counters === 1 ? "" : "s")));
        awards.appendChild(li);
      });
    }
  }

  function drawStandings(s) {
    var table = $("standings");
    clear(table);
    var head = el("tr");
    ["Player", "Counters", "Cards"].forEach(function (h) { head.appendChild(el("th", "", h)); });
    table.appendChild(head);
    s.players.forEach(function (p) {
      var tr = el("tr", p.leader ? "leader" : "");
      var name = p.name + (p.dealer ? " (deals)" : "") + (p.leader ? " \u2190 to lead" : "");
      tr.appendChild(el("td", "", name));
      tr.appendChild(el("td", "num", p.balance));
      tr.appendChild(el("td", "num", p.held === null ? "\u2013" : p.held));
      table.appendChild(tr);
    });
    var box = $("history-box");
    var hist = $("history");
    if (box && hist) {
      box.hidden = !s.history.length;
      clear(hist);
      var h = el("tr");
      ["Hand", "Seed", "Out"].concat(s.players.map(function (p) { return p.name; }))
        .forEach(function (t) { h.appendChild(el("th", "", t)); });
      hist.appendChild(h);
      s.history.forEach(function (rec) {
        var tr = el("tr");
        tr.appendChild(el("td", "num", rec.hand));
        tr.appendChild(el("td", "", rec.seed === null ? "\u2013" : rec.seed));
        tr.appendChild(el("td", "", rec.void ? "void" : (rec.out || "\u2013")));
        s.players.forEach(function (p) {
          var n = rec.net[p.name];
          tr.appendChild(el("td", "num", n === undefined ? "" : (n > 0 ? "+" : "") + n));
        });
        hist.appendChild(tr);
      });
    }
  }

  function drawHand(s) {
    var you = s.you;
    var hand = $("hand");
    clear(hand);
    var legal = {};
    (you.legal || []).forEach(function (c) { legal[c] = true; });
    if (you.hand === null) {
      $("hand-note").textContent = s.real ? "A real deck: your cards are in your hand." : "No hand is being played.";
    } else {
      $("hand-note").textContent = you.your_lead ? "Your lead: tap a card marked Play." :
        you.hand.length + " card" + (you.hand.length === 1 ? "" : "s");
      you.hand.forEach(function (code) {
        var ok = you.your_lead && legal[code] === true;
        var b = cardFace(code, "button");
        b.type = "button";
        b.className += ok ? " legal" : "";
        b.disabled = !ok || pending;
        if (ok) {
          b.appendChild(el("span", "play", "Play"));
          b.addEventListener("click", function () { lead(code); });
        }
        hand.appendChild(b);
      });
    }
    var practice = s.practice;
    var box = $("practice");
    if (practice) {
      box.hidden = false;
      $("practice-seed").textContent = "Practice against " + practice.computers + " computers (" + practice.level +
        "), session seed " + practice.seed + (practice.hand_seed !== null ? "; this hand's seed " + practice.hand_seed : "") + ".";
      $("next").hidden = !(s.hand === null || s.over) || s.ended;
    } else {
      box.hidden = true;
    }
  }

  function showRefused(body) {
    var box = $("refused");
    if (!box) { return; }
    if (!body) { box.hidden = true; return; }
    $("refused-error").textContent = body.error || "refused";
    $("refused-rule").textContent = body.rule ? "rule: " + body.rule : "";
    box.hidden = false;
  }

  function draw(s) {
    state = s;
    drawTurn(s);
    drawBoard(s);
    drawRuns(s);
    drawStandings(s);
    storyLines($("said"), s.story);
    if (screen === "player") { drawHand(s); }
  }

  function post(path, body) {
    pending = true;
    if (state) { draw(state); }
    return fetch(base + path, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      credentials: "same-origin", cache: "no-store"
    }).then(function (r) {
      return r.json().then(function (data) { return { ok: r.ok, data: data }; },
                           function () { return { ok: false, data: { error: "the server refused (" + r.status + ")" } }; });
    }).then(function (res) {
      pending = false;
      showRefused(res.ok ? null : res.data);
      return refresh();
    }, function () {
      pending = false;
      showRefused({ error: "the server cannot be reached", rule: "" });
      if (state) { draw(state); }
    });
  }

  function lead(code) {
    if (pending || !state) { return; }
    post("/lead", { card: code, seq: state.seq });
  }

  function refresh() {
    return fetch(base + "/state", { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (s) { if (s) { draw(s); } }, function () { /* the stream brings the next one */ });
  }

  function listen() {
    var source = new EventSource(base + "/events");
    source.onmessage = function (e) {
      try { draw(JSON.parse(e.data)); $("status").textContent = ""; } catch (err) { $("status").textContent = "?"; }
    };
    source.onerror = function () { $("status").textContent = "Reconnecting\u2026"; };
  }

  var next = $("next");
  if (next) { next.addEventListener("click", function () { if (!pending) { post("/next", {}); } }); }
  refresh();
  listen();
})();
