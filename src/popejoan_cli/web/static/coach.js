// The practice page's coach (issue 28): a hint button in the practice box. A tap asks the server for the lead
// the strong level would choose from your seat's observation, why, and the top three leads' expected counters
// (GET /p/{token}/hint?ask=1), and shows its words below the button. Only a practice table answers /hint, so it
// is asked only once the page's first state says the table is a practice (no 404 in the console elsewhere). The
// words come from the server in the table's language; they are set as text, never as HTML.
(function () {
  "use strict";
  var base = window.location.pathname.replace(/\/+$/, "");
  if (document.body.getAttribute("data-screen") !== "player") { return; }

  function ask(path) {
    return fetch(base + path, { cache: "no-store", credentials: "same-origin" })
      .then(function (res) { return res.ok ? res.json() : null; });
  }

  function show(box, lines) {
    box.textContent = "";
    (lines || []).forEach(function (line) {
      var p = document.createElement("p");
      p.textContent = line;
      box.appendChild(p);
    });
  }

  function offer() {
    ask("/hint").then(made).catch(function () { /* no coach: the page works without it */ });
  }

  document.addEventListener("popejoan:state", function first(e) {
    document.removeEventListener("popejoan:state", first);
    if (e.detail && e.detail.practice) { offer(); }
  });

  function made(data) {
    var practice = document.getElementById("practice");
    if (!data || !practice) { return; }
    var button = document.createElement("button");
    button.type = "button";
    button.id = "hint";
    button.className = "next";
    button.textContent = data.label;
    var said = document.createElement("div");
    said.id = "coach";
    said.className = "said";
    said.setAttribute("aria-live", "polite");
    button.addEventListener("click", function () {
      button.disabled = true;
      ask("/hint?ask=1").then(function (got) { show(said, got && got.lines); })
        .catch(function () { show(said, []); })
        .then(function () { button.disabled = false; });
    });
    // A hint is about one position: once you tap a card of your hand, it is cleared.
    var hand = document.getElementById("hand");
    if (hand) { hand.addEventListener("click", function () { show(said, []); }); }
    practice.appendChild(button);
    practice.appendChild(said);
  }
})();
