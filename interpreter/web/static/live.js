// A seat's or a watcher's page: one WebSocket, a whole frame drawn at each change; moves sent by name.
"use strict";

(() => {
  const [, kind, token] = location.pathname.split("/");
  if (kind === "replay") return;
  const mode = kind === "watch" ? "watch" : "seat";
  let ws = null;
  let tries = 0;

  function send(name) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ act: name }));
  }

  function connect() {
    ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${token}`);
    ws.onopen = () => { tries = 0; };
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === "frame") Draw.draw(m, { mode, token, send: mode === "seat" ? send : null });
      else if (m.type === "refused") Draw.refused(m.message);
    };
    ws.onclose = () => {
      tries += 1;
      document.getElementById("status").textContent = tries > 5 ? "The table cannot be reached." : "Connection lost; reconnecting\u2026";
      if (tries <= 5) setTimeout(connect, 500 * tries);
    };
  }

  connect();
})();
