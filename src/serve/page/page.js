// cardlang serve: the page. Game text is only ever inserted with textContent, never parsed as
// markup, so a game announcing "<script>" shows it as text.
"use strict";

const app = document.getElementById("app");
const SUITS = { "♠": "black", "♣": "black", "♥": "red", "♦": "red" };
const SVG = "http://www.w3.org/2000/svg";

/** An element with a class and text (as text, never as markup). */
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function button(text, onclick, cls) {
  const b = el("button", cls, text);
  b.type = "button";
  b.addEventListener("click", onclick);
  return b;
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  const r = await fetch(path, init);
  const text = await r.text();
  let data = null;
  try { data = JSON.parse(text); } catch (_) { data = text; }
  if (!r.ok) throw new Error((data && data.message) || r.statusText);
  return data;
}

/** A card drawn as SVG: rank and suit from the card's name, or a face-down back. */
function cardSvg(card, selected) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("class", "card" + (card ? "" : " back") + (selected ? " selected" : ""));
  svg.setAttribute("role", "img");
  const rect = document.createElementNS(SVG, "rect");
  for (const [k, v] of [["x", 1], ["y", 1], ["width", 58], ["height", 82], ["rx", 6]]) rect.setAttribute(k, v);
  svg.appendChild(rect);
  if (!card) {
    svg.setAttribute("aria-label", "face-down card");
    const inner = document.createElementNS(SVG, "rect");
    for (const [k, v] of [["x", 7], ["y", 7], ["width", 46], ["height", 70], ["rx", 4]]) inner.setAttribute(k, v);
    inner.setAttribute("class", "pattern");
    svg.appendChild(inner);
    return svg;
  }
  const name = card.name;
  svg.setAttribute("aria-label", name);
  const last = Array.from(name).pop();
  const suit = SUITS[last] ? last : "";
  const rank = suit ? name.slice(0, name.length - suit.length) : name;
  svg.classList.add(SUITS[last] || "plain");
  const text = (x, y, size, t, cls) => {
    const e = document.createElementNS(SVG, "text");
    e.setAttribute("x", x); e.setAttribute("y", y); e.setAttribute("font-size", size);
    if (cls) e.setAttribute("class", cls);
    e.textContent = t;
    svg.appendChild(e);
  };
  text(6, 18, rank.length > 3 ? 10 : 16, rank, "corner");
  if (suit) text(30, 56, 30, suit, "pip");
  if (card.marks && card.marks.length) text(30, 78, 8, card.marks.join(", "), "mark");
  const title = document.createElementNS(SVG, "title");
  title.textContent = card.marks && card.marks.length ? name + " [" + card.marks.join(", ") + "]" : name;
  svg.appendChild(title);
  return svg;
}

// ---- The setup page ----

async function setup() {
  app.replaceChildren(el("h1", null, "cardlang: play a game"));
  let games;
  try { games = await api("/api/games"); } catch (e) { app.appendChild(el("p", "error", e.message)); return; }
  const form = el("form", "setup");
  const gameSel = el("select"); gameSel.id = "game";
  for (const g of games) { const o = el("option", null, g.title + " (" + g.name + ")"); o.value = g.name; gameSel.appendChild(o); }
  const label = (text, input) => { const l = el("label", null, text + " "); l.appendChild(input); return l; };
  form.appendChild(label("Game", gameSel));
  const variant = el("select"); variant.id = "variant";
  form.appendChild(label("Variant", variant));
  const optionsBox = el("fieldset", "options");
  form.appendChild(optionsBox);
  const seatsBox = el("fieldset", "seats");
  form.appendChild(seatsBox);
  const seed = el("input"); seed.id = "seed"; seed.inputMode = "numeric"; seed.placeholder = "random";
  form.appendChild(label("Seed", seed));
  const device = el("input"); device.type = "checkbox"; device.id = "device";
  form.appendChild(label("Pass the device (all people at this screen)", device));
  const out = el("div", "made");
  const kinds = ["human", "random", "greedy", "mcts"];

  function fill() {
    const g = games.find(x => x.name === gameSel.value);
    variant.replaceChildren(el("option", null, "(none)"));
    variant.firstChild.value = "";
    for (const [name, desc] of g.variants) {
      const o = el("option", null, desc ? name + ": " + desc : name); o.value = name; variant.appendChild(o);
    }
    optionsBox.replaceChildren(el("legend", null, "Options"));
    for (const [name, def] of g.options) {
      const i = el("input"); i.value = def; i.dataset.option = name; i.dataset.def = def;
      optionsBox.appendChild(label(name, i));
    }
    const count = el("input"); count.type = "number"; count.min = g.seats[0]; count.max = g.seats[1];
    count.value = g.seats[0]; count.id = "count";
    seatsBox.replaceChildren(el("legend", null, "Seats"));
    if (g.seats[0] !== g.seats[1]) seatsBox.appendChild(label("Players", count));
    const list = el("div", "seatlist");
    seatsBox.appendChild(list);
    const draw = () => {
      list.replaceChildren();
      for (let i = 0; i < Number(count.value); i++) {
        const s = el("select"); s.dataset.seat = i;
        for (const k of kinds) { const o = el("option", null, k); o.value = k; s.appendChild(o); }
        s.value = i === 0 ? "human" : "random";
        list.appendChild(label("Player " + (i + 1), s));
      }
    };
    count.addEventListener("change", draw);
    draw();
  }
  gameSel.addEventListener("change", fill);
  fill();
  const go = button("Create table", async () => {
    const request = {
      game: gameSel.value,
      seats: Array.from(seatsBox.querySelectorAll("select")).map(s => s.value),
      options: Array.from(optionsBox.querySelectorAll("input"))
        .filter(i => i.value !== i.dataset.def).map(i => [i.dataset.option, i.value]),
    };
    if (variant.value) request.variant = variant.value;
    if (seed.value.trim()) request.seed = Number(seed.value.trim());
    await create(request, device.checked, out);
  }, "primary");
  go.id = "create";
  form.appendChild(go);
  app.appendChild(form);
  app.appendChild(out);
}

/** Makes a table and shows its links (or, passing the device, starts the table at once). */
async function create(request, passDevice, out) {
  sessionStorage.setItem("last", JSON.stringify({ request, passDevice }));
  let made;
  try { made = await api("/api/tables", request); } catch (e) { out.replaceChildren(el("p", "error", e.message)); return; }
  if (passDevice) {
    sessionStorage.setItem("device", JSON.stringify({ spectator: made.spectator, seats: made.seats }));
    location.hash = "device";
    return;
  }
  out.replaceChildren(el("h2", null, "Table made: send each person their link"));
  const list = el("ul", "links");
  for (const s of made.seats) {
    const li = el("li");
    li.appendChild(el("span", null, "Player " + s.seat + ": "));
    const a = el("a", "seatlink", s.link); a.href = s.link; li.appendChild(a);
    list.appendChild(li);
  }
  const li = el("li");
  li.appendChild(el("span", null, "Spectators: "));
  const a = el("a", "spectatorlink", made.spectator_link); a.href = made.spectator_link; li.appendChild(a);
  list.appendChild(li);
  out.appendChild(list);
}

// ---- The table ----

let stream = null;
let selected = new Set();

/** Draws the link's view now, then follows its stream of views. The stream opens a second
 * later: its first event is the view as it then is, so nothing is missed, and a page that is
 * only looked at once (a headless browser's snapshot) has drawn before any stream is open. */
function follow(token, onView) {
  if (stream) stream.close();
  stream = null;
  const mine = {};
  follow.current = mine;
  api("/api/t/" + token).then(onView, e => app.replaceChildren(el("p", "error", e.message)));
  setTimeout(() => {
    if (follow.current !== mine) return;
    stream = new EventSource("/api/t/" + token + "/events");
    stream.addEventListener("view", e => onView(JSON.parse(e.data)));
  }, 1000);
}

async function move(token, at, action) {
  try { return await api("/api/t/" + token + "/move", { at, action }); } catch (e) {
    const n = document.getElementById("notice");
    if (n) n.textContent = e.message;
    return null;
  }
}

/** The table's zones and counters as a section. With a menu, cards that are choices can be
 * clicked (or, where a choice takes several cards, selected, and `after(view)` redraws). */
function drawPanel(lines, menu, labels, sets, choose, after, view) {
  const panel = el("section", "panel");
  for (const line of lines) {
    const row = el("div", "line");
    row.appendChild(el("h3", null, line.label));
    if (line.kind === "counter") {
      row.appendChild(el("span", "counter", line.value));
    } else {
      const cards = el("div", "cards");
      if (line.count === 0) cards.appendChild(el("span", "empty", "empty"));
      if (line.under) cards.appendChild(el("span", "count", line.under + " more under"));
      const drawCard = (c) => {
        const svg = cardSvg(c, c && selected.has(c.name));
        if (c && menu) {
          const i = labels.indexOf(c.name);
          if (i >= 0 || sets) {
            svg.classList.add("choosable");
            svg.setAttribute("tabindex", "-1");
            svg.addEventListener("click", async () => {
              if (i >= 0 && !sets) { await choose(menu.choices[i]); return; }
              if (selected.has(c.name)) selected.delete(c.name); else selected.add(c.name);
              after(view);
            });
          }
        }
        cards.appendChild(svg);
      };
      if (line.groups) {
        for (const m of line.groups.melds) { const g = el("div", "meld"); cards.appendChild(g); m.forEach(drawCard); }
        line.groups.deadwood.forEach(drawCard);
        cards.appendChild(el("span", "points", "deadwood " + line.groups.points + " points"));
      } else {
        // A run of face-down cards is drawn as one back and how many.
        let run = 0;
        const flush = () => {
          if (run > 0) cards.appendChild(cardSvg(null));
          if (run > 1) cards.appendChild(el("span", "count", "×" + run + " face down"));
          run = 0;
        };
        for (const c of line.cards) {
          if (c) { flush(); drawCard(c); } else run++;
        }
        flush();
      }
      if (line.count > 0) cards.appendChild(el("span", "count", line.count + (line.count === 1 ? " card" : " cards")));
      row.appendChild(cards);
    }
    panel.appendChild(row);
  }
  return panel;
}

/** Draws a view: the panel, the menu, the log and the end. `token` is the link's. */
function drawTable(view, token, after) {
  const root = el("div", "table");
  const head = el("header");
  head.appendChild(el("h1", null, view.game + (view.variant ? " (" + view.variant + ")" : "")));
  head.appendChild(el("p", "you", "You are " + view.you + "."));
  const names = view.seats.map(s => s.name + " (" + s.spec + ")").join(", ");
  head.appendChild(el("p", "seatsline", names));
  if (!view.end) {
    const waiting = view.waiting.map(s => "player " + s).join(", ");
    head.appendChild(el("p", "turn", waiting ? "Waiting for " + waiting + "." : "The agents are playing."));
  }
  root.appendChild(head);
  const menu = view.menu;
  const labels = menu ? menu.choices.map(c => c.label) : [];
  const sets = labels.some(l => l.includes(" + "));
  const panel = drawPanel(view.panel, menu, labels, sets, choose, after, view);
  root.appendChild(panel);
  const notice = el("p", "notice"); notice.id = "notice"; notice.setAttribute("role", "status");
  root.appendChild(notice);

  async function choose(choice) {
    selected = new Set();
    const v = await move(token, menu.at, choice.action);
    if (v) after(v, true);
  }
  if (menu) {
    const m = el("section", "menu");
    m.dataset.at = menu.at;
    m.appendChild(el("h2", null, menu.prompt || "Your choice"));
    if (menu.picked.length) m.appendChild(el("p", "picked", "Picked so far: " + menu.picked.join(" + ")));
    const buttons = el("div", "choices");
    menu.choices.forEach((c, i) => {
      const b = button(c.label, () => choose(c), "choice");
      if (i === 0) b.id = "first-choice";
      buttons.appendChild(b);
    });
    m.appendChild(buttons);
    if (sets) {
      const play = button("Play selected cards", async () => {
        const want = Array.from(selected).sort().join("|");
        const c = menu.choices.find(c => c.label.split(" + ").map(s => s.trim()).sort().join("|") === want);
        if (c) await choose(c); else notice.textContent = "Those cards are not one of your choices.";
      }, "primary");
      play.id = "play-selected";
      m.appendChild(play);
    }
    root.appendChild(m);
  }
  // issue 43: the seat may take back its last decision (a `may undo` block of the rules).
  if (view.undo) {
    const undo = button("Undo", async () => {
      selected = new Set();
      try { const v = await api("/api/t/" + token + "/undo", { at: view.step }); if (v) after(v, true); }
      catch (e) { notice.textContent = e.message; }
    }, "undo");
    undo.id = "undo";
    root.appendChild(undo);
  }
  if (view.end) {
    const end = el("section", "end");
    end.appendChild(el("h2", null, "Game over: " + view.end.result));
    if (view.end.scores) {
      const ul = el("ul", "scores");
      view.end.scores.forEach((s, i) => ul.appendChild(el("li", null, "player " + (i + 1) + ": " + s)));
      end.appendChild(ul);
    }
    for (const [name, value] of view.end.counters) end.appendChild(el("p", "counter", name + ": " + value));
    const dl = el("a", "download", "Download the transcript (JSON Lines)");
    dl.href = "/api/t/" + token + "/transcript";
    end.appendChild(dl);
    const replay = el("a", "replaylink", "Replay it step by step");
    replay.href = "#replay-" + token;
    replay.id = "replay-link";
    end.appendChild(replay);
    const again = button("Play again", async () => {
      const last = JSON.parse(sessionStorage.getItem("last") || "null");
      if (!last) { location.hash = ""; setup(); return; }
      delete last.request.seed;
      const out = el("div");
      end.appendChild(out);
      await create(last.request, last.passDevice, out);
      if (last.passDevice) device();
    }, "primary");
    again.id = "play-again";
    end.appendChild(again);
    root.appendChild(end);
  }
  if (view.stopped) root.appendChild(el("p", "error", "The table stopped: " + view.stopped));
  const log = el("section", "log");
  log.appendChild(el("h2", null, "What happened"));
  const ol = el("ol");
  for (const line of view.lines.slice(-200)) ol.appendChild(el("li", null, line));
  log.appendChild(ol);
  root.appendChild(log);
  app.replaceChildren(root);
  ol.lastChild && ol.lastChild.scrollIntoView && ol.scrollTo && ol.scrollTo(0, ol.scrollHeight);
}

/** One link's table, following its stream. */
function seat(token) {
  const redraw = (view) => drawTable(view, token, redraw);
  follow(token, redraw);
}

// ---- Pass the device: several people at one screen ----

function device() {
  const d = JSON.parse(sessionStorage.getItem("device") || "null");
  if (!d) { location.hash = ""; setup(); return; }
  const tokens = new Map(d.seats.map(s => [s.seat, s.token]));
  let holder = null; // the seat whose view shows now
  const curtain = (n) => {
    const c = el("div", "curtain");
    c.appendChild(el("h1", null, "Pass the device to player " + n));
    const b = button("I am player " + n, async () => {
      holder = n;
      const v = await api("/api/t/" + tokens.get(n));
      show(v);
    }, "primary");
    b.id = "i-am";
    c.appendChild(b);
    app.replaceChildren(c);
    b.focus();
  };
  // After a move the same person goes on, unless the public stream has meanwhile covered the
  // table for someone else (then their answer must not be drawn over the curtain).
  const show = (v) => {
    const me = holder;
    drawTable(v, tokens.get(me), (next) => { if (holder === me && next.menu) show(next); });
  };
  const decide = (pub) => {
    if (pub.end) { holder = null; drawTable(pub, d.spectator, () => {}); return; }
    const next = pub.waiting.find(s => tokens.has(s));
    if (next === undefined) { drawTable(pub, d.spectator, () => {}); return; }
    if (holder === next) return;
    if (holder !== next && pub.private) { holder = null; curtain(next); return; }
    holder = next;
    api("/api/t/" + tokens.get(next)).then(show);
  };
  follow(d.spectator, decide);
}

// ---- Replay: a finished game step by step, as an onlooker saw it ----

let replayKeys = null;

/** Shows the replay the server built at `path`, from its first step. */
async function replay(path) {
  let r;
  try { r = await api(path); } catch (e) { app.replaceChildren(el("p", "error", e.message)); return; }
  let at = 0;
  const last = r.steps.length - 1;
  const draw = () => {
    const root = el("div", "table replay");
    const head = el("header");
    head.appendChild(el("h1", null, "Replay: " + r.game + (r.variant ? " (" + r.variant + ")" : "")));
    head.appendChild(el("p", "seatsline", r.seats.map((s, i) => "player " + (i + 1) + " (" + s + ")").join(", ") +
      ", seed " + r.seed));
    root.appendChild(head);
    const nav = el("nav", "steps");
    const go = (to) => { at = Math.max(0, Math.min(last, to)); draw(); };
    const first = button("« First", () => go(0)); first.id = "replay-first";
    const back = button("◀ Back", () => go(at - 1)); back.id = "replay-back"; back.disabled = at === 0;
    const where = el("span", "where", "Step " + at + " of " + last); where.id = "replay-where";
    const fwd = button("Forward ▶", () => go(at + 1), "primary"); fwd.id = "replay-forward"; fwd.disabled = at === last;
    const end = button("Last »", () => go(last)); end.id = "replay-last";
    nav.append(first, back, where, fwd, end);
    root.appendChild(nav);
    const step = r.steps[at];
    const said = el("section", "log step");
    said.appendChild(el("h2", null, step.who ? step.who + " decided" : "The deal"));
    const ol = el("ol"); ol.id = "replay-lines";
    for (const line of step.lines) ol.appendChild(el("li", null, line));
    said.appendChild(ol);
    root.appendChild(said);
    root.appendChild(drawPanel(step.panel, null, [], false, null, null, null));
    if (at === last && r.end) {
      const e = el("section", "end");
      e.appendChild(el("h2", null, "Game over: " + r.end.result));
      root.appendChild(e);
    }
    app.replaceChildren(root);
  };
  if (replayKeys) document.removeEventListener("keydown", replayKeys);
  replayKeys = (e) => {
    if (e.key === "ArrowRight") { at = Math.min(last, at + 1); draw(); }
    if (e.key === "ArrowLeft") { at = Math.max(0, at - 1); draw(); }
  };
  document.addEventListener("keydown", replayKeys);
  draw();
}

function route() {
  const h = location.hash.slice(1);
  if (stream) { stream.close(); stream = null; }
  follow.current = null;
  if (replayKeys) { document.removeEventListener("keydown", replayKeys); replayKeys = null; }
  if (h === "replay") replay("/api/replay");
  else if (/^replay-[0-9a-f]{32}$/.test(h)) replay("/api/t/" + h.slice(7) + "/replay");
  else if (h === "device") device();
  else if (/^[0-9a-f]{32}$/.test(h)) seat(h);
  else setup();
}
window.addEventListener("hashchange", route);
route();
