// The replay page: asks for the position after each action, as the chosen seat or a watcher saw it.
"use strict";
// (the page is table.html; the controls are made here)

(() => {
  const [, kind, token] = location.pathname.split("/");
  if (kind !== "replay") return;
  const $ = (id) => document.getElementById(id);
  const el = Draw.el;
  document.querySelector("header").after(el("nav", { id: "controls", "aria-label": "Step through the game" },
    el("button", { type: "button", id: "first", title: "The deal as dealt (Home)" }, "\u00AB First"),
    el("button", { type: "button", id: "back", title: "One action back (left arrow)" }, "\u25C0 Back"),
    el("label", {}, el("span", { id: "where" }, "0 / 0"), " ",
      el("input", { type: "range", id: "step", min: "0", max: "0", value: "0", "aria-label": "Action number" })),
    el("button", { type: "button", id: "forward", title: "One action forward (right arrow)" }, "Forward \u25B6"),
    el("button", { type: "button", id: "last", title: "After the last action (End)" }, "Last \u00BB"),
    el("label", {}, "Seen by ", el("select", { id: "as" }, el("option", { value: "watch" }, "a watcher")))));
  let step = 0, steps = 0, as = "watch", seatsListed = false;

  function readHash() {
    const h = new URLSearchParams(location.hash.slice(1));
    step = parseInt(h.get("step") || "0", 10) || 0;
    as = h.get("as") || "watch";
  }

  async function load() {
    const r = await fetch(`/replay/${token}/frame?step=${step}&as=${encodeURIComponent(as)}`);
    if (!r.ok) { $("status").textContent = "This replay cannot be loaded."; return; }
    const f = await r.json();
    step = f.step; steps = f.steps;
    if (!seatsListed) {
      for (const s of f.game.seats) $("as").append(Draw.el("option", { value: s.name }, `seat ${s.name}`));
      seatsListed = true;
    }
    $("as").value = f.seat || "watch";
    Draw.draw(f, { mode: "replay" });
    $("status").textContent = `After action ${f.step} of ${f.steps}` + (f.over ? " \u2014 the game is over." : ".");
    $("where").textContent = `${f.step} / ${f.steps}`;
    $("step").max = String(f.steps);
    $("step").value = String(f.step);
    $("first").disabled = $("back").disabled = f.step === 0;
    $("last").disabled = $("forward").disabled = f.step === f.steps;
    history.replaceState(null, "", `#step=${f.step}&as=${encodeURIComponent(f.seat || "watch")}`);
  }

  function go(to) { step = Math.max(0, Math.min(steps, to)); load(); }

  $("first").onclick = () => go(0);
  $("back").onclick = () => go(step - 1);
  $("forward").onclick = () => go(step + 1);
  $("last").onclick = () => go(steps);
  $("step").oninput = (e) => go(parseInt(e.target.value, 10));
  $("as").onchange = (e) => { as = e.target.value; load(); };
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement) return;
    const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps };
    if (e.key in moves) { go(moves[e.key]); e.preventDefault(); }
  });
  readHash();
  load();
})();
