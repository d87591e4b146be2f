// popejoan serve: the player's page and the board page. Plain JavaScript, no build step.
// The state comes from this server only: /state once, then /events (Server-Sent Events).
// Text from people (names, labels) is always set as textContent, never parsed as HTML.
// The page's own words come from the server (/words: the table's language); English is the default here.
"use strict";

(function () {
  var SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
  var SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
  // The words in the table's language, as /words gives them (`web.words.page_words`); until then, English.
  var L = {
    lang: "en", plural: "en", words: {}, ranks: {}, letters: {}, names: SUITS, suits: {},
    cards: ["{n} card", "{n} cards", "{n} cards"], counters: ["{n} counter", "{n} counters", "{n} counters"],
    against: ["against {n} computer", "against {n} computers", "against {n} computers"]
  };
  var base = window.location.pathname.replace(/\/+$/, "");
  var screen = document.body.getAttribute("data-screen");
  // `?theme=dark` (or light) for a television's browser that has no setting; else the system's choice.
  var theme = new URLSearchParams(window.location.search).get("theme");
  if (theme === "dark" || theme === "light") { document.documentElement.setAttribute("data-theme", theme); }
  var paidBefore = {};  // each pot's counters as last drawn: a pot that was paid is highlighted a while
  var state = null;
  var pending = false;
  // A lead is one deliberate act: the first tap picks a card, a second tap on it leads it. The pick holds
  // the table's seq at the moment the card was offered, so a lead always answers the position the player
  // saw; any redraw at another seq drops the pick (a double tap is one lead, never two).
  var picked = null;
  var refusedAt = null;  // the seq at which the error box was shown: it clears when the table moves on
  var heard = Date.now();  // when the stream last said anything (a state or a ping)
  var SILENCE = 4500;  // the server pings every 2 s: 4.5 s of silence means the connection is gone
  // The hand as it was first drawn: a card that leaves it keeps its place (a gap), so nothing slides under a
  // finger. Only a hand that gains a card (a new deal, the spare hand) is laid out again, and for SETTLE ms
  // after that no tap counts: the finger that was on one card is not taken to mean the card now there.
  var slots = null;
  var settled = 0;
  var SETTLE = 700;
  var sent = null;  // a lead whose answer was lost: the next state says whether it was recorded
  var toldStory = null;  // the story of the last run as last drawn (the live region #said)
  var toldEnding = null;  // the board's end of a hand as last drawn (#ending)
  var wasMine = false;

  function $(id) { return document.getElementById(id); }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }

  // A message by its English (the msgid), in the table's language, its {placeholders} filled in one pass.
  function w(id, values) {
    var text = agreed((L.words && L.words[id]) || id, values);
    return text.replace(/\{(\w+)\}/g, function (m, k) {
      return values && Object.prototype.hasOwnProperty.call(values, k) ? String(values[k]) : m;
    });
  }

  // A translation's `{?card|masculine|feminine}` chosen by the gender of the card that fills {card}, as the noun it
  // is (a jack masculine, a queen feminine in Russian: /words' `genders`, from the catalogue's `rank gender`). The
  // value may be the card's code ("QS") or its face as the narration prints it.
  function agreed(text, values) {
    return text.replace(/\{\?(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, function (m, k, masculine, feminine) {
      var v = values && values[k] !== undefined ? String(values[k]) : "";
      var rank = v.replace(/[\u2663\u2666\u2665\u2660CDHS]$/, "");
      var code = RANK[rank] || rank;
      return L.genders && L.genders[code] === "f" ? feminine : masculine;
    });
  }

  // Which of a count's three forms (one, few, many): Russian's rule, as in the catalogue's header; English's.
  function form(n) {
    n = Math.abs(n);  // -27 takes the form of 27
    if (L.plural === "ru") {
      return n % 10 === 1 && n % 100 !== 11 ? 0 : (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2);
    }
    return n === 1 ? 0 : 2;
  }

  // A count and its noun, never parted at the end of a line in Russian ("10 cards" may break; its Russian not),
  // as render/typeset.py sets a number and its noun in a sentence.
  function count(kind, n) {
    return L[kind][form(n)].replace(L.lang === "ru" ? /\{n\} ?/ : "{n}", function (m) {
      return num(n) + (m.length > 3 ? "\u00a0" : "");
    });
  }

  // A whole number as the table's language writes it (render/figures.py): Russian groups five digits and more
  // with a narrow no-break space and writes a negative with the minus sign (12 000, −27); English as it was.
  // With `sign`, a number above zero shows its plus (a net).
  function num(n, sign) {
    var text = String(Math.abs(n));
    if (L.lang === "ru" && text.length >= 5) { text = text.replace(/\B(?=(\d{3})+$)/g, "\u202f"); }
    return (n < 0 ? (L.lang === "ru" ? "\u2212" : "-") : sign && n > 0 ? "+" : "") + text;
  }

  // A message whose placeholders are drawn by functions (cards as cards) or filled with text, into `parent`.
  function fill(parent, id, values) {
    var text = agreed((L.words && L.words[id]) || id, values);
    var at = 0;
    var re = /\{(\w+)\}/g;
    var m;
    var add = function (s) { if (s) { parent.appendChild(document.createTextNode(s)); } };
    var words = "";  // text not yet added: one text node between cards, as the pages always drew it
    while ((m = re.exec(text)) !== null) {
      words += text.slice(at, m.index);
      var v = values[m[1]];
      if (typeof v === "function") { add(words); words = ""; v(parent); }
      else { words += v === undefined ? m[0] : String(v); }
      at = m.index + m[0].length;
    }
    add(words + text.slice(at));
    return parent;
  }

  function clear(node) { while (node && node.firstChild) { node.removeChild(node.firstChild); } }

  // A card: rank and the suit's symbol (never colour alone), e.g. "A♠" (a Russian ace's rank is its own letter); a card of your
  // hand (a tile: `tag` "button") shows the suit's letter too, "A♠ S", as a card in a sentence does not: there it
  // is its face, as the narration prints it.
  function cardFace(code, tag) {
    var suit = code.slice(-1);
    var rank = L.ranks[code.slice(0, -1)] || code.slice(0, -1);
    var face = el(tag || "span", "card suit-" + suit);
    var named = (L.rank_words && L.rank_words[code.slice(0, -1)]) || rank;
    var of = (L.suit_of && L.suit_of[suit]) || L.names[suit] || suit;
    face.setAttribute("aria-label", w("{rank} of {suit}", { rank: named, suit: of }));
    // A card in the text is read by its name ("8 of hearts", "Queen of spades"), not as "8 ♥ H": a named image
    if (!tag) { face.setAttribute("role", "img"); }
    face.setAttribute("data-card", code);
    face.appendChild(el("span", "rank", rank));
    face.appendChild(el("span", "sym", SYMBOLS[suit] || "?"));
    if (tag) { face.appendChild(el("small", "letter", L.letters[suit] || suit)); }
    return face;
  }

  // Text from the narration names cards by their faces ("K♦", or a Russian king's): each is drawn as a card.
  var FACE = /(10|[2-9AJQK])([\u2663\u2666\u2665\u2660])/g;
  var LETTER = { "\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S" };
  var RANK = {};  // a rank as the narration prints it -> as the card's code has it (the Russian ace's letter -> "A")

  function learnRanks() {
    var shown = [];
    RANK = {};
    Object.keys(L.ranks).forEach(function (code) {
      var r = L.ranks[code];
      RANK[r] = code;
      if (r !== "10" && !/^[2-9]$/.test(r)) { shown.push(r.replace(/[^\w\u0400-\u04ff]/g, "")); }
    });
    if (shown.length) { FACE = new RegExp("(10|[2-9]|" + shown.join("|") + ")([\u2663\u2666\u2665\u2660])", "g"); }
  }

  // A name's number stays with the name ("Computer 1" never ends one line and begins the next with "1"): a number
  // after a word, with no word after it, is the end of a name.
  var NAMED = /([A-Za-z\u0400-\u04ff]) (\d+)(?= ?$|[,.:;!?)]| [^A-Za-z\u0400-\u04ff\d])/g;

  function textWithCards(parent, text) {
    var at = 0;
    var m;
    text = text.replace(NAMED, "$1\u00a0$2");
    FACE.lastIndex = 0;
    while ((m = FACE.exec(text)) !== null) {
      if (m.index > at) { parent.appendChild(document.createTextNode(text.slice(at, m.index))); }
      parent.appendChild(cardFace((RANK[m[1]] || m[1]) + LETTER[m[2]]));
      at = m.index + m[0].length;
    }
    if (at < text.length) { parent.appendChild(document.createTextNode(text.slice(at))); }
    return glued(parent);
  }

  // A card and the punctuation after it are one unit: a line never begins with the comma after "5♣" (a narrow
  // column, or the television's runs, would break between a card's tile and its comma otherwise).
  var STUCK = /^[,.:;!?)»…]+/;
  function glued(parent) {
    Array.prototype.slice.call(parent.childNodes).forEach(function (node) {
      var next = node.nextSibling;
      if (!node.classList || !node.classList.contains("card") || !next || next.nodeType !== 3) { return; }
      var m = STUCK.exec(next.nodeValue);
      if (!m) { return; }
      var unit = el("span", "nobr");
      parent.insertBefore(unit, node);
      unit.appendChild(node);
      unit.appendChild(document.createTextNode(m[0]));
      next.nodeValue = next.nodeValue.slice(m[0].length);
      if (!next.nodeValue) { parent.removeChild(next); }
    });
    return parent;
  }

  function storyLines(node, lines) {
    clear(node);
    (lines || []).forEach(function (line) { node.appendChild(storyLine(el("p", "line"), line)); });
  }

  function drawTurn(s) {
    var title = s.hand ? w("{table} \u00b7 hand {hand}", { table: s.table, hand: s.hand }) : s.table;
    var mine = !!(s.you && s.you.your_lead);
    if (s.you) {
      // Whose page this is, in the header and the tab's title: a neighbour's QR code is easy to scan.
      // At practice the page is the learner's own, whose seat is called "You": "Your hand", not "You's hand".
      var whose = s.practice ? w("Your hand") : (s.you.whose || s.you.name);  // the server declines the name
      $("title").textContent = whose;
      $("subtitle").textContent = title;
      document.title = (mine ? "\u25b6 " + w("Your lead.") + " " : "") + whose + " \u00b7 " + w("Pope Joan");
      document.body.classList.toggle("your-lead", mine);
      // A buzz when the lead becomes yours: only once the page has been touched (the browser refuses it, and
      // says so in its console, before any tap).
      var touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
      if (mine && !wasMine && navigator.vibrate && touched) { navigator.vibrate(200); }
      wasMine = mine;
    } else {
      $("title").textContent = title;
    }
    var turn;
    if (s.ended) { turn = w("The session has ended."); }
    else if (s.hand === null) { turn = w("No hand dealt yet: {dealer} deals first.", { dealer: s.next_dealer }); }
    else if (s.over) {
      turn = s.seed !== null ? w("Hand {hand} is over. Its seed was {seed}.", { hand: s.hand, seed: s.seed })
        : w("Hand {hand} is over.", { hand: s.hand });
      turn += " " + (isYou(s.next_dealer) ? w("You deal next.") : w("{dealer} deals next.", { dealer: s.next_dealer }));
    }
    else if (s.lead) { turn = ((s.you && s.you.your_lead) || (s.practice_you && s.lead === s.practice_you)) ? w("Your lead.") : w("{player} to lead.", { player: s.lead }); }
    else { turn = w("Hand {hand} is being played.", { hand: s.hand }); }
    if ($("turn").textContent !== turn) { $("turn").textContent = turn; }  // the same words are not said again
  }

  function drawBoard(s) {
    var pots = $("pots");
    clear(pots);
    var was = paidBefore;
    paidBefore = {};
    s.pots.forEach(function (pot) {
      // A pot whose counters fell since the last drawing was just paid: it lights up until the next change.
      var paid = was[pot.name] !== undefined && pot.counters < was[pot.name];
      var cell = el("div", paid ? "pot paid" : "pot");
      cell.setAttribute("data-pot", pot.name);
      cell.appendChild(el("div", "label", pot.label));
      cell.appendChild(el("div", "count", num(pot.counters)));
      pots.appendChild(cell);
      paidBefore[pot.name] = pot.counters;
    });
    var centre = $("centre");
    clear(centre);
    if (s.turnup) {
      var up = fill(el("p", "turnup"), "Turn-up {card}", { card: function (p) { p.appendChild(cardFace(s.turnup)); } });
      centre.appendChild(up);
      // The suit once, by its name and then its symbol, as a sentence says it: "hearts ♥".
      var trump = s.trump.named || s.trump.title + " " + s.trump.symbol;
      centre.appendChild(el("p", "trump", w("Trump: {suit}", { suit: trump })));
    } else {
      centre.appendChild(el("p", "turnup", s.hand === null ? w("No hand dealt yet") : w("No turn-up")));
    }
    if (s.spare !== null && s.spare !== undefined) {
      // English said "cards" even for one spare card; its pages stay as they were.
      var spare = L.plural === "en" ? s.spare + " cards" : count("cards", s.spare);
      centre.appendChild(el("p", "note", w("Spare hand: {cards}", { cards: spare })));
    }
  }

  // Your own page: the sentence about you is its own, in the second person ("You deal next.").
  function isYou(name) { return !!(state && state.you && state.you.name === name); }

  // A line of the narration (pieces of text and {"card": "AS"}) into `p`.
  function storyLine(p, line) {
    (line || []).forEach(function (piece) {
      if (typeof piece === "string") { textWithCards(p, piece); }
      else if (piece && piece.card) { p.appendChild(cardFace(piece.card)); }
    });
    return glued(p);
  }

  // A run, as the command line tells it (the server's `story`): each player's name before their cards, read from
  // across the room: "Ann leads 4♠ 5♠, Bob 6♠, Ann 7♠", "You lead ..." on your own page at practice.
  function runNode(run) {
    var div = el("div", "run");
    div.appendChild(storyLine(el("p", "line"), (run.story || [])[0]));
    if (run.stop) { div.appendChild(textWithCards(el("p", "stop"), run.stop.why || "")); }
    return div;
  }

  function drawRuns(s) {
    var all = $("runs");
    if (all) {
      clear(all);
      s.runs.slice().reverse().forEach(function (run) { all.appendChild(runNode(run)); });
      if (!s.runs.length) { all.appendChild(el("p", "note", w("No lead yet."))); }
    }
    var last = $("lastrun");
    if (last) {
      clear(last);
      if (s.runs.length) { last.appendChild(runNode(s.runs[s.runs.length - 1])); }
      else { last.appendChild(el("p", "note", w("No lead yet."))); }
    }
    var awards = $("awards");
    if (awards) {
      clear(awards);
      // Each pot taken in the narration's words, as `lead` said it: "Bob wins Jack (J♣): 1 counter".
      s.awards.forEach(function (a) { awards.appendChild(storyLine(el("li", ""), (a.story || [])[0])); });
    }
  }

  // A history column's head. "Computer 1", "Computer 2" (practice) would all read "Comput…" in a narrow column:
  // names that differ only by the number they end in are headed by their initial and number ("C1"; in Russian, its initial), the
  // whole name kept for a screen reader and a pointer. Any other name is its own head.
  function heads(names) {
    return names.map(function (n) {
      var m = /^(\S)\S*(?:\s+\S+)*?\s+(\d+)$/.exec(n);
      var stem = n.replace(/\d+$/, "");
      var twin = m && names.some(function (o) { return o !== n && o.replace(/\d+$/, "") === stem; });
      return twin ? m[1] + m[2] : n;
    });
  }

  function drawStandings(s) {
    var table = $("standings");
    clear(table);
    var head = el("tr");
    [w("Player"), w("Counters"), w("This hand"), w("Cards")].forEach(function (h) { head.appendChild(el("th", "", h)); });
    table.appendChild(head);
    s.players.forEach(function (p) {
      var tr = el("tr", p.leader ? "leader" : "");
      // Your own row is said to you: "Bob (you deal)", not "Bob (deals)".
      var mine = !!(s.you && s.you.name === p.name) || (!s.you && s.practice_you === p.name);
      // A computer's seat says so in words, never by colour alone: "Computer 1 (computer)", in the table's language.
      var who = p.computer ? w("{player} (computer)", { player: p.name }) : p.name;
      var name = p.dealer && p.leader ? w(mine ? "{player} (you deal) \u2190 your lead" : "{player} (deals) \u2190 to lead", { player: who })
        : p.dealer ? w(mine ? "{player} (you deal)" : "{player} (deals)", { player: who })
        : p.leader ? w(mine ? "{player} \u2190 your lead" : "{player} \u2190 to lead", { player: who }) : who;
      // "Computer 1" kept whole: a name's number never begins a line of its own in a narrow column.
      tr.appendChild(el("td", "", name.replace(/ (\d+)(?=$| \()/, "\u00a0$1")));
      tr.appendChild(el("td", "num", num(p.balance)));
      // The change this hand so far: its dressing, the pots won and the payments (the same as its history row).
      tr.appendChild(el("td", "num change", p.this_hand === null || p.this_hand === undefined ? "\u2013"
        : num(p.this_hand, true)));
      tr.appendChild(el("td", "num", p.held === null ? "\u2013" : num(p.held)));
      table.appendChild(tr);
    });
    var box = $("history-box");
    var hist = $("history");
    if (box && hist) {
      box.hidden = !s.history.length;
      clear(hist);
      var h = el("tr");
      [w("Hand"), w("Seed"), w("Out")].forEach(function (t) { h.appendChild(el("th", "", t)); });
      var names = s.players.map(function (p) { return p.name; });
      heads(names).forEach(function (t, i) {
        var th = el("th", "", t);
        if (t !== names[i]) { th.title = names[i]; th.setAttribute("aria-label", names[i]); }
        h.appendChild(th);
      });
      hist.appendChild(h);
      s.history.forEach(function (rec) {
        var tr = el("tr");
        tr.appendChild(el("td", "num", rec.hand));
        tr.appendChild(el("td", "", rec.seed === null ? "\u2013" : rec.seed));
        tr.appendChild(el("td", "", rec.void ? w("void") : (rec.out || "\u2013")));
        s.players.forEach(function (p) {
          var n = rec.net[p.name];
          tr.appendChild(el("td", "num", n === undefined ? "" : num(n, true)));
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
    if (picked && (picked.seq !== s.seq || !legal[picked.code])) { picked = null; }
    if (you.hand === null) {
      $("hand-note").textContent = s.real ? w("A real deck: your cards are in your hand.") : w("No hand is being played.");
    } else {
      $("hand-note").textContent = you.left && you.hand.length === 0 ? w("The hand is over: you went out.")
        : you.left ? w("The hand is over; you were left with {cards}.", { cards: count("cards", you.hand.length) })
        : picked ? w("Tap {card} again to lead it, or pick another card.", { card: faceText(picked.code) })
        : you.your_lead ? w("Your lead: tap a card marked Play, then tap it again.") : count("cards", you.hand.length);
      var held = {};
      you.hand.forEach(function (code) { held[code] = true; });
      var key = String(s.hand);
      if (!slots || slots.key !== key || you.hand.some(function (code) { return slots.codes.indexOf(code) < 0; })) {
        if (slots) { settled = Date.now() + SETTLE; }
        slots = { key: key, codes: you.hand.slice() };
      }
      slots.codes.forEach(function (code) {
        hand.appendChild(held[code] ? handCard(code, you.your_lead && legal[code] === true, s) : el("span", "gap"));
      });
    }
    var practice = s.practice;
    var box = $("practice");
    if (practice) {
      box.hidden = false;
      // The server tells the seed of the last hand that is over, never an open hand's or the session's.
      // The computers' count and level in the words of `popejoan practice`: "against 3 computers", "good".
      var about = { against: count("against", practice.computers), level: (L.levels && L.levels[practice.level]) || practice.level,
                    hand: practice.hand_seed };
      $("practice-seed").textContent = practice.hand_seed !== null
        ? w("Practice {against} ({level}); the last hand's seed was {hand}.", about)
        : w("Practice {against} ({level}).", about);
      $("next").hidden = !(s.hand === null || s.over) || s.ended;
      pressPace(practice.speed);
      // In "a lead per tap", the computers wait for you: this button lets the next one lead.
      $("step").hidden = !(practice.speed === "step" && s.lead && !you.your_lead && !s.over);
    } else if (s.computers) {
      // A table with computers: every person may choose their pace; the board's screen taps for each lead.
      box.hidden = false;
      $("practice-seed").textContent = "";
      $("next").hidden = true;
      $("step").hidden = true;
      pressPace(s.computers.pace);
    } else {
      box.hidden = true;
    }
  }

  function pressPace(speed) {
    Array.prototype.forEach.call(document.querySelectorAll("#pace button"), function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-speed") === speed ? "true" : "false");
    });
  }

  // The board at a table with computers: their pace, and in "a lead per tap" the button that lets the computer
  // whose lead it is lead (the table's seq goes with the tap: it answers the table the screen showed).
  function drawComputers(s) {
    var box = $("computers");
    if (!box) { return; }
    box.hidden = !s.computers;
    if (!s.computers) { return; }
    pressPace(s.computers.pace);
    $("step").hidden = !(s.computers.pace === "step" && s.lead && s.computers.names.indexOf(s.lead) >= 0 && !s.over);
  }

  // One card of your hand: a button; a legal lead is marked Play, and once picked, "Tap again".
  function handCard(code, ok, s) {
    var b = cardFace(code, "button");
    b.type = "button";
    var isPicked = ok && picked !== null && picked.code === code;
    b.className += ok ? " legal" : "";
    b.className += isPicked ? " picked" : "";
    b.setAttribute("aria-disabled", ok && !pending ? "false" : "true");
    // Its name says what a tap does, as the eye reads it from the mark
    var named = b.getAttribute("aria-label");
    b.setAttribute("aria-label", !ok ? w("{card}: may not be led now; tap to hear why", { card: named })
      : isPicked ? w("{card}: tap again to lead it", { card: named }) : w("{card}: tap to pick it", { card: named }));
    if (ok) {
      b.appendChild(el("span", "play", isPicked ? w("Tap again") : w("Play")));
      b.setAttribute("aria-pressed", isPicked ? "true" : "false");
    } else {
      b.appendChild(el("span", "play none", w("Play")));  // its room kept: the card is as tall as a legal one
    }
    b.addEventListener("click", function () { tapped(code, ok, s.seq); });
    return b;
  }

  function faceText(code) {
    return (L.ranks[code.slice(0, -1)] || code.slice(0, -1)) + (SYMBOLS[code.slice(-1)] || "");
  }

  // A tap: on a card you may not lead, say why not, whoever's lead it is: the referee's words, from the server
  // (never the page's own), with the reason in your cards for you alone; on a legal card, pick it; on the
  // picked card, lead it.
  function tapped(code, ok, seq) {
    if (pending || !state || seq !== state.seq || Date.now() < settled) { return; }
    if (!ok) {
      post("/lead", { card: code, seq: seq, check: true });
      return;
    }
    if (picked && picked.code === code && picked.seq === seq) {
      picked = null;
      post("/lead", { card: code, seq: seq }, { code: code, seq: seq });
      return;
    }
    picked = { code: code, seq: seq };
    draw(state);
  }

  function showRefused(body) {
    var box = $("refused");
    if (!box) { return; }
    if (!body) { box.hidden = true; return; }
    $("refused-error").textContent = body.error || w("refused");
    $("refused-rule").textContent = body.rule ? w("rule: {rule}", { rule: body.rule }) : "";
    // The reason in your own cards: the server sends it to your page alone.
    $("refused-why").textContent = body.why || "";
    box.hidden = false;
    refusedAt = state ? state.seq : null;
  }

  // The connection, always visible: a banner while the stream is down or silent, gone once it speaks again.
  function banner(text) {
    var b = $("banner");
    if (!b) { return; }
    b.textContent = text || "";
    b.hidden = !text;
    document.body.classList.toggle("offline", !!text);
  }

  function draw(s) {
    var focused = document.activeElement;
    var keep = focused && focused.getAttribute ? (focused.getAttribute("data-card") || focused.id || null) : null;
    if (refusedAt !== null && state && s.seq !== refusedAt) { showRefused(null); refusedAt = null; }
    state = s;
    drawTurn(s);
    drawBoard(s);
    drawRuns(s);
    drawStandings(s);
    // A live region: drawn again only when the story changed, so that a pick does not have it read out again
    var story = JSON.stringify(s.story || []);
    if (story !== toldStory) { storyLines($("said"), s.story); toldStory = story; }
    drawEnding(s);
    // The journal cannot be read: the last good state, and the server's words saying the banker must look.
    if (s.trouble) { banner(s.trouble); }
    if (screen === "player") { answered(s); drawHand(s); keepAwake(); } else { drawComputers(s); }
    document.body.classList.remove("loading");
    document.dispatchEvent(new CustomEvent("popejoan:state", { detail: s }));  // for coach.js: a practice?
    refocus(keep);
  }

  // The board, once a hand is over: how it ended, in the middle of the screen where its runs were, whole.
  function drawEnding(s) {
    var ending = $("ending");
    if (!ending) { return; }
    var over = !!(s.over && s.settlement);
    document.body.classList.toggle("over", over);
    $("ending-box").hidden = !over;
    var told = JSON.stringify(over ? s.settlement.story : null);
    if (told !== toldEnding) { storyLines(ending, over ? s.settlement.story : []); toldEnding = told; }
  }

  // Every drawing rebuilds the page: give the focus back to the card (or control) that had it.
  function refocus(keep) {
    if (!keep) { return; }
    // A card of your hand (a button; the cards in the story are not focusable), or a control by its id.
    var again = document.querySelector('button[data-card="' + keep + '"]') || document.getElementById(keep);
    if (again && again !== document.activeElement && again.focus) { again.focus({ preventScroll: true }); }
  }

  // `lead`: the card and seq of a lead sent. If its answer is lost, the page does not call it a failure: it
  // says the lead was sent, and the next state says whether it was recorded (the card gone from the hand).
  function post(path, body, lead) {
    pending = true;
    if (state) { draw(state); }
    return fetch(base + path, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      credentials: "same-origin", cache: "no-store"
    }).then(function (r) {
      return r.json().then(function (data) { return { ok: r.ok, data: data }; },
                           function () { return { ok: false, data: { error: w("the server refused ({status})", { status: r.status }) } }; });
    }).then(function (res) {
      pending = false;
      showRefused(res.ok ? null : res.data);
      return refresh();
    }, function () {
      pending = false;
      if (lead) {
        sent = lead;
        $("hand-note").textContent = w("{card} sent: waiting for the table to answer\u2026", { card: faceText(lead.code) });
        refresh();
        return;
      }
      showRefused({ error: w("the server cannot be reached"), rule: "" });
      if (state) { draw(state); }
    });
  }

  // The state after a lead whose answer was lost: recorded (the table moved on without the card in your
  // hand), or not (the table is where it was: say so, and the card may be tapped again).
  function answered(s) {
    if (!sent || !s.you || !s.you.hand) { return; }
    if (s.you.hand.indexOf(sent.code) >= 0) {
      showRefused({ error: w("{card} was not recorded: the server could not be reached", { card: faceText(sent.code) }),
                    rule: "" });
    }
    sent = null;
  }

  function refresh() {
    return fetch(base + "/state", { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (s) { if (s) { draw(s); } }, function () { /* the stream brings the next one */ });
  }

  var source = null;
  var gone = false;

  function listen() {
    if (source) { source.close(); }
    source = new EventSource(base + "/events");
    heard = Date.now();
    source.onmessage = function (e) {
      heard = Date.now();
      banner("");
      try { draw(JSON.parse(e.data)); $("status").textContent = ""; } catch (err) { $("status").textContent = "?"; }
    };
    source.addEventListener("ping", function () { heard = Date.now(); banner(""); });
    source.onerror = function () {
      if (gone) { return; }
      banner(w("The connection to the table is lost: reconnecting\u2026"));
      if (source.readyState === EventSource.CLOSED) { revoked(); }  // refused, not lost: is the link still good?
    };
    // Your seat is no more (you left the table): the server says so in its words, and the page stops listening.
    source.addEventListener("gone", function (e) {
      gone = true;
      source.close();
      try { banner(JSON.parse(e.data).gone); } catch (err) { banner("?"); }
    });
  }

  // A stream the server refused: if this link opens nothing any more (`serve --new-links`, or you left),
  // say so and stop, rather than "reconnecting" for ever; else the next look tries again.
  function revoked() {
    fetch(base + "/state", { cache: "no-store", credentials: "same-origin" }).then(function (r) {
      if (r.status !== 404 || gone) { return; }
      gone = true;
      if (source) { source.close(); }
      banner(w("This link no longer opens your page: it was replaced, or you left the table. Ask the banker for your link."));
    }, function () { /* the server is down: the next look tries again */ });
  }

  // A phone that wakes, or finds its network again, looks at once: its stream may have died while it slept.
  function wake() {
    if (gone || document.hidden) { return; }
    if (!awake || awake.released) { asked = false; }  // shown again: the lock may be asked for once more
    heard = Date.now();
    listen();
    refresh();
    keepAwake();
  }
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("online", wake);

  // While a hand is open and the page is in sight, the screen stays on (the Screen Wake Lock, where the
  // browser has it; elsewhere the phone's own setting decides). The browser lets it go when the page hides.
  // Asked once each time the page is shown: not again while a request is answered, nor after a refusal
  // (every state is drawn through here).
  var awake = null;
  var asked = false;
  function keepAwake() {
    var open = state && state.hand !== null && !state.over;
    if (!open || document.hidden || !navigator.wakeLock) {
      if (awake && !open) { awake.release().catch(function () {}); awake = null; asked = false; }
      return;
    }
    if (asked || (awake && !awake.released)) { return; }
    asked = true;
    navigator.wakeLock.request("screen").then(function (lock) {
      awake = lock;
      lock.addEventListener("release", function () { asked = false; });  // let go when the page hid: ask again
    }, function () { awake = null; });
  }

  // A silent drop (no error, no word): after SILENCE the page says so and opens the stream again.
  setInterval(function () {
    if (!gone && Date.now() - heard > SILENCE) {
      banner(w("No word from the table for a while: reconnecting\u2026"));
      listen();
    }
  }, 500);

  var next = $("next");
  if (next) { next.addEventListener("click", function () { if (!pending) { post("/next", {}); } }); }
  var step = $("step");
  if (step) { step.addEventListener("click", function () { if (!pending && state) { post("/pace", { step: true, seq: state.seq }); } }); }
  Array.prototype.forEach.call(document.querySelectorAll("#pace button"), function (b) {
    b.addEventListener("click", function () { if (!pending) { post("/pace", { speed: b.getAttribute("data-speed") }); } });
  });
  // A page that never gets a state (the server unreachable) still shows what it has, after a moment.
  setTimeout(function () { document.body.classList.remove("loading"); }, 3000);
  // The words first (the page's labels in the table's language), then the state and its stream.
  fetch(base + "/words", { cache: "no-store", credentials: "same-origin" })
    .then(function (r) { return r.ok ? r.json() : null; })
    .then(function (words) { if (words) { L = words; learnRanks(); } }, function () { /* English, as written */ })
    .then(function () { refresh(); listen(); });
})();
