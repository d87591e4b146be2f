// The review of a hand that is over (issue 43), on a person's page (their own leads, line by line: at practice,
// yours) and on the board (every person's sums and lessons). When a state says the hand is over, the page asks the
// server once for that hand's review (GET /p/{token}/review or /b/{token}/review: the coach's search, from each
// seat's view as it was, never from the cards the end revealed) and shows it; when the next hand is dealt, it
// goes. The words come from the server in the table's language; they are set as text, never as HTML.
(function () {
  "use strict";
  var base = window.location.pathname.replace(/\/+$/, "");
  var board = document.body.getAttribute("data-screen") === "board";
  var asked = null;  // the hand whose review was asked for (or shown)

  function box() {
    var found = document.getElementById("review-box");
    if (found) { return found; }
    var section = document.createElement("section");
    section.id = "review-box";
    section.className = board ? "tv-review" : "review";
    section.hidden = true;
    section.setAttribute("aria-live", "polite");
    var where = board ? document.querySelector(".tv-board") : document.getElementById("practice");
    if (!where) { return null; }
    if (board) { where.appendChild(section); } else { where.parentNode.insertBefore(section, where.nextSibling); }
    return section;
  }

  function line(parent, cls, text) {
    var p = document.createElement("p");
    p.className = cls;
    p.textContent = text;
    parent.appendChild(p);
  }

  function show(data) {
    var section = box();
    if (!section || !data) { return; }
    section.textContent = "";
    var h = document.createElement("h2");
    h.textContent = data.title;
    section.appendChild(h);
    if (data.empty) { line(section, "note", data.empty); }
    // The board shows each player's sum first (its column may clip the end); a person's page, their leads in turn,
    // then the lessons, then their sum.
    var parts = board ? [["sum", data.sums], ["lesson", data.lessons]]
      : [["row", data.lines], ["lesson", data.lessons], ["sum", data.sums]];
    parts.forEach(function (part) { (part[1] || []).forEach(function (t) { line(section, part[0], t); }); });
    section.hidden = false;
  }

  document.addEventListener("popejoan:state", function (e) {
    var s = e.detail;
    if (!s) { return; }
    if (!s.over || s.real || !s.hand) {
      var section = document.getElementById("review-box");
      if (section) { section.hidden = true; }
      asked = null;
      return;
    }
    if (asked === s.hand) { return; }
    asked = s.hand;
    fetch(base + "/review", { cache: "no-store", credentials: "same-origin" })
      .then(function (res) { return res.ok ? res.json() : null; })
      .then(function (data) { if (data && data.hand === asked) { show(data); } })
      .catch(function () { asked = null; /* no review: the page works without it; the next state asks again */ });
  });
})();
