// Draws one frame (everything a page is sent: a seat's view, its choices, the log) into <main id="table">.
// Text is set with textContent only: nothing a frame holds is ever read as HTML.
"use strict";

const Draw = (() => {
  const SUITS = { S: ["\u2660", "spades"], H: ["\u2665", "hearts"], D: ["\u2666", "diamonds"], C: ["\u2663", "clubs"] };
  const RED = new Set(["H", "D"]);
  let lastTurn = false;

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") e.className = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  }

  // a card's name split into rank and suit by the pack's own letters (`QS`, `TH`); other cards (jokers) whole
  function parts(game, name) {
    for (const suit of game.suits) {
      if (name.endsWith(suit) && game.ranks.includes(name.slice(0, -suit.length))) return [name.slice(0, -suit.length), suit];
    }
    return [name, null];
  }

  function cardText(game, name) {
    const [rank, suit] = parts(game, name);
    if (suit === null) return [name, name];
    const r = rank === "T" ? "10" : rank;
    const s = SUITS[suit];
    return s ? [r + s[0], `${r} of ${s[1]}`] : [r + suit, `${r} ${suit}`];
  }

  // a card: a button when it may be clicked (`onclick`), else a plain face
  function card(game, name, opts) {
    const [face, words] = cardText(game, name);
    const suit = parts(game, name)[1];
    const cls = ["card", suit && RED.has(suit) ? "red" : "black", opts && opts.cls].filter(Boolean).join(" ");
    if (opts && opts.onclick) {
      return el("button", { class: cls, type: "button", "data-card": name, "aria-label": words + (opts.note ? `, ${opts.note}` : ""),
                            title: opts.note || null, onclick: opts.onclick }, face);
    }
    return el("span", { class: cls, "data-card": name, role: "img", "aria-label": words }, face);
  }

  function cards(game, names) {
    return el("span", { class: "cards" }, (names || []).map((n) => card(game, n)));
  }

  // the fields of a view drawn by name; any other is drawn by `plain`
  const KNOWN = new Set(["seat", "deal", "dealer", "declarer", "phase", "to_act", "contract", "announced", "doubles", "hand",
    "passing", "passed", "hand_sizes", "shown_hands", "trick", "tricks", "tricks_won", "layout", "out", "sitting_out",
    "talon_size", "turn_up", "calls", "said", "out_of_play", "dead_card", "maker", "called_card", "partner", "trump",
    "talon", "talon_exposed", "talon_seen", "declarations", "declaring", "discards", "exchanged", "totals", "past_deals",
    "legal"]);

  function plain(game, x) {
    if (Array.isArray(x)) {
      return x.every((c) => typeof c === "string" && game.cards.includes(c)) ? cards(game, x) : el("span", {}, x.map((y, i) => [i ? ", " : "", plain(game, y)]));
    }
    if (x && typeof x === "object") {
      return el("span", {}, Object.entries(x).map(([k, y], i) => [i ? "; " : "", `${k} `, plain(game, y)]));
    }
    return String(x);
  }

  function line(label, ...content) {
    return el("p", { class: "fact" }, el("span", { class: "label" }, label + ": "), ...content);
  }

  function seatsStrip(f) {
    const v = f.view;
    return el("ul", { class: "seats" }, f.game.seats.map((s) => {
      const marks = [];
      if (v.dealer === s.name) marks.push("dealer");
      if (v.declarer === s.name) marks.push("declarer");
      if ((v.sitting_out || []).includes(s.name)) marks.push("sits out");
      const acting = v.to_act === s.name && !f.over;
      return el("li", { class: ["seat", acting ? "acting" : "", s.name === f.seat ? "me" : ""].join(" "),
                        "data-seat": s.name, "aria-current": acting ? "true" : null },
        el("strong", {}, s.name), s.name === f.seat ? " (you)" : "", s.kind ? el("span", { class: "kind" }, ` ${s.kind}`) : "",
        el("span", { class: "nums" }, `${v.hand_sizes[s.name] ?? 0} cards · ${v.tricks_won[s.name] ?? 0} tricks · total ${v.totals[s.name] ?? 0}`),
        marks.length ? el("span", { class: "marks" }, marks.join(", ")) : "",
        f.thinking === s.name ? el("span", { class: "thinking" }, "thinking\u2026") : "");
    }));
  }

  function dealFacts(f) {
    const v = f.view, g = f.game;
    const bits = [`Deal ${v.deal}`, `dealer ${v.dealer}`];
    if (v.declarer) bits.push(`declarer ${v.declarer}`);
    if (v.contract) bits.push(`contract ${g.contracts[v.contract] || v.contract}`);
    const suit = (x) => (g.suits.includes(x) && SUITS[x] ? `${SUITS[x][0]} ${SUITS[x][1]}` : x);
    for (const [k, x] of Object.entries(v.announced || {})) bits.push(`${k} ${suit(x)}`);
    if (v.trump && !("trump" in (v.announced || {}))) bits.push(`trump ${suit(v.trump)}`);  // (said once)
    if (v.phase) bits.push(`phase ${v.phase}`);
    return el("p", { class: "deal" }, bits.join(" \u00b7 "));
  }

  // the choices of the seat to act: which card names are clickable, and how a click is sent
  function plays(f, send) {
    const byCard = new Map();
    for (const c of f.choices) if (c.card && !c.rest) byCard.set(c.card, c.name);
    const mine = f.seat !== null && f.view.to_act === f.seat && !f.over && send;
    return { byCard, mine, verb: f.card_verb, send };
  }

  function clickable(game, name, p, inHand) {
    if (!p.mine) return card(game, name);
    if (p.byCard.has(name)) return card(game, name, { cls: "legal", onclick: () => p.send(p.byCard.get(name)) });
    if (inHand && p.verb) {  // not playable now: marked, and if tried the server answers with the rule
      return card(game, name, { cls: "barred", note: "not allowed now", onclick: () => p.send(`${p.verb} ${name}`) });
    }
    return card(game, name);
  }

  function tableArea(f, p) {
    const v = f.view, g = f.game;
    const out = [];
    if (v.trick && v.trick.length) {
      out.push(el("div", { class: "trick", "aria-label": "Cards played to this trick" }, el("h3", {}, "Trick"),
        el("ol", { class: "played" }, v.trick.map(([s, c]) => el("li", {}, el("span", { class: "who" }, s), card(g, c))))));
    } else if (v.tricks && v.tricks.length) {
      const t = v.tricks[v.tricks.length - 1];
      out.push(el("div", { class: "trick last", "aria-label": "The last trick" }, el("h3", {}, `Last trick, won by ${t.winner}`),
        el("ol", { class: "played" }, t.cards.map(([s, c]) => el("li", {}, el("span", { class: "who" }, s), card(g, c))))));
    }
    const facts = [];
    if (v.turn_up) facts.push(line("Turned up", card(g, v.turn_up)));
    if (v.dead_card) facts.push(line("Dead card", card(g, v.dead_card)));
    if (v.called_card) facts.push(line("Called card", card(g, v.called_card), v.partner ? ` \u2014 ${v.partner} is ${v.declarer}'s partner` : ""));
    if (v.maker) facts.push(line("Maker", v.maker));
    if (v.layout && Object.keys(v.layout).length) {
      facts.push(el("div", { class: "layout" }, el("h3", {}, "Layout"), Object.entries(v.layout).map(([s, [lo, hi]]) =>
        el("p", { class: "run" }, card(g, lo), " \u2026 ", card(g, hi)))));
      if (v.out && v.out.length) facts.push(line("Out", v.out.join(" ")));
    }
    if (v.talon) facts.push(line("Talon, face up", cards(g, v.talon)));
    if (v.talon_seen && v.talon_seen.length) facts.push(line("Talon cards you saw", cards(g, v.talon_seen)));
    if (v.out_of_play && v.out_of_play.length) facts.push(line("Out of play", cards(g, v.out_of_play)));
    if (v.calls && v.calls.length) facts.push(line("Calls", v.calls.map(([s, c]) => `${s} ${c}`).join(", ")));
    if (v.said && v.said.length) facts.push(line("Said", v.said.map(([s, w, c]) => `${s} ${w} (with ${c})`).join(", ")));
    if (v.doubles && v.doubles.length) facts.push(line("Doubles", v.doubles.map(([s, ts]) => `${s} ${ts.length ? "doubles " + ts.join(" ") : "passes"}`).join("; ")));
    for (const d of v.declarations || []) {
      if (Object.values(d.said).every((x) => x === "nothing")) continue;
      const said = Object.entries(d.said).map(([s, x]) => `${s} ${x}`).join("; ");
      const won = d.winner ? `${d.winner} scores ${d.points[d.winner]}` : "";
      const shown = Object.entries(d.shown).filter(([, n]) => n.length).map(([s, n]) => `${s} shows ${n.join(" ")}`).join("; ");
      facts.push(line(d.category, said + (d.answer ? ` (${d.answer})` : "") + (won ? `; ${won}` : "") + (shown ? ` (${shown})` : "")));
    }
    if (v.declaring && Object.keys(v.declaring).length) facts.push(line("Declared so far", Object.entries(v.declaring).map(([s, x]) => `${s} ${x}`).join("; ")));
    if (v.exchanged && Object.values(v.exchanged).some((k) => k)) {
      facts.push(line("Exchanged", Object.entries(v.exchanged).map(([s, k]) => `${s} ${k}`).join(", ") + ` \u00b7 talon ${v.talon_size}`));
    }
    if (v.discards && v.discards.length) facts.push(line("Your discards", cards(g, v.discards)));
    if (v.passing && v.passing.length) facts.push(line("You are passing", cards(g, v.passing)));
    else if (v.passed && v.passed.length) facts.push(line("You passed", cards(g, v.passed)));
    for (const [s, hand] of Object.entries(v.shown_hands || {})) {
      facts.push(el("div", { class: "shown" }, el("h3", {}, `${s}'s hand, face up`),
        el("div", { class: "hand" }, hand.map((c) => clickable(g, c, p, false)))));
    }
    for (const [k, x] of Object.entries(v)) {  // a field this page does not know yet: shown plainly
      if (!KNOWN.has(k) && x !== null && x !== false && !(typeof x === "object" && !Object.keys(x).length)) {
        facts.push(line(k.replaceAll("_", " "), plain(g, x)));
      }
    }
    return el("section", { class: "centre", "aria-label": "The table" }, out, facts);
  }

  function handArea(f, p) {
    const v = f.view, g = f.game;
    if (f.seat === null) return null;
    const size = v.hand_sizes[f.seat] || 0;
    let suit = null;
    const body = v.hand.length || !size ? v.hand.map((c) => {  // a little room between suits
      const b = clickable(g, c, p, true), s = parts(g, c)[1];
      if (suit !== null && s !== suit) b.classList.add("new-suit");
      suit = s;
      return b;
    })
      : [el("p", {}, `${size} cards, face down (you call without looking)`)];
    return el("section", { class: "mine", "aria-label": "Your hand" }, el("h2", {}, `Your hand (${f.seat})`),
      el("div", { class: "hand", id: "hand" }, body));
  }

  function choiceArea(f, p) {
    if (!p.mine) return null;
    const shown = new Set([...(f.view.hand || []), ...Object.values(f.view.shown_hands || {}).flat()]);
    const buttons = f.choices.filter((c) => !c.card || c.rest || !shown.has(c.card)).map((c) =>
      el("button", { type: "button", class: "choice", "data-action": c.name, onclick: () => p.send(c.name) }, c.name));
    const barred = p.verb && (f.view.hand || []).some((c) => !p.byCard.has(c));
    const what = f.choices.some((c) => c.card && !c.rest && shown.has(c.card))
      ? "click a card" + (barred ? " (the greyed ones may not be played now)" : "") : "";
    return el("section", { class: "choices", "aria-label": "Your choices" },
      el("h2", {}, "Your turn" + (what && buttons.length ? ": click a card, or choose" : what ? `: ${what}` : "")),
      buttons.length ? el("div", { class: "buttons" }, buttons) : null);
  }

  function sheet(f) {
    const v = f.view, g = f.game;
    const names = g.seats.map((s) => s.name);
    const rows = (v.past_deals || []).map((d) => el("tr", {}, el("td", {}, d.deal), el("td", {}, d.contract ? (g.contracts[d.contract] || d.contract) : "\u2014"),
      names.map((n) => el("td", { class: "num" }, d.scores[n]))));
    return el("section", { class: "sheet", "aria-label": "Scores" }, el("h2", {}, "Scores"),
      el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, "Deal"), el("th", {}, "Contract"), names.map((n) => el("th", { class: "num" }, n)))),
        el("tbody", {}, rows),
        el("tfoot", {}, el("tr", {}, el("th", { colspan: 2 }, "Totals"), names.map((n) => el("th", { class: "num" }, v.totals[n]))))));
  }

  function logArea(f) {
    const items = (lines) => el("ol", {}, lines.map((l) => el("li", {}, l)));
    if (f.over && !f.log.length && f.last_log.length) {  // stopped as a deal began: the deal played is the one to read
      return el("section", { class: "log", "aria-label": "The last deal in words" }, el("h2", {}, `Deal ${f.view.deal - 1}`), items(f.last_log));
    }
    return el("section", { class: "log", "aria-label": "This deal in words" }, el("h2", {}, `Deal ${f.view.deal} so far`),
      f.log.length ? items(f.log) : el("p", { class: "quiet" }, "Nothing yet."),
      f.last_log.length ? el("details", {}, el("summary", {}, "The deal before"), items(f.last_log)) : null);
  }

  function statusText(f) {
    if (f.stopped) return `Stopped: ${f.stopped}.`;
    if (f.over) return f.winners.length ? `Game over. Winner: ${f.winners.join(" and ")}.` : "Game over.";
    if (f.seat !== null && f.view.to_act === f.seat) return "Your turn.";
    if (f.thinking) return `${f.thinking} is thinking\u2026`;
    return f.view.to_act ? `Waiting for ${f.view.to_act}.` : "";
  }

  function overArea(f, opts) {
    if (!f.over || opts.mode === "replay") return null;
    return el("section", { class: "over", "aria-label": "The end" }, el("h2", {}, statusText(f)),
      el("p", {}, "Totals: " + Object.entries(f.view.totals).map(([s, t]) => `${s} ${t}`).join(", ")),
      f.record && opts.token ? el("p", {}, el("a", { href: `/record/${opts.token}`, download: "" }, "Download the record")) : null);
  }

  function draw(f, opts) {
    const main = document.getElementById("table");
    const p = plays(f, opts.send);
    document.title = `${f.game.title}${f.seat ? " \u2014 seat " + f.seat : ""}`;
    document.getElementById("title").textContent = f.game.title;
    document.getElementById("who").textContent = f.seat ? `Seat ${f.seat}` : "Watching: what is public";
    document.getElementById("status").textContent = statusText(f);
    document.body.dataset.version = f.version ?? f.step;
    const active = document.activeElement;
    const focusKey = active && (active.dataset.card || active.dataset.action);
    main.replaceChildren(
      el("div", { class: "play" }, overArea(f, opts), dealFacts(f), seatsStrip(f), tableArea(f, p), choiceArea(f, p), handArea(f, p)),
      el("div", { class: "side" }, logArea(f), sheet(f)));
    // keyboard: keep focus on the same card or button; when the turn comes, or the card focused
    // has just been played, focus the first choice
    const again = focusKey && main.querySelector(`button[data-card="${CSS.escape(focusKey)}"], button[data-action="${CSS.escape(focusKey)}"]`);
    if (again) again.focus();
    else if (p.mine && (!lastTurn || focusKey)) { const first = main.querySelector(".card.legal, button.choice"); if (first) first.focus(); }
    lastTurn = p.mine;
    for (const list of main.querySelectorAll(".log > ol")) list.scrollTop = list.scrollHeight;  // the newest line in sight
    if (p.mine) refused("");
  }

  function refused(message) {
    const box = document.getElementById("refusal");
    box.textContent = message ? `Not allowed: ${message}` : "";
    box.hidden = !message;
  }

  // arrow keys move along the cards of a hand
  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (!(t instanceof HTMLElement) || !t.closest(".hand") || !["ArrowLeft", "ArrowRight"].includes(e.key)) return;
    const all = [...t.closest(".hand").querySelectorAll("button.card")];
    const i = all.indexOf(t);
    const next = all[i + (e.key === "ArrowRight" ? 1 : -1)];
    if (next) { next.focus(); e.preventDefault(); }
  });

  return { draw, refused, el };
})();
