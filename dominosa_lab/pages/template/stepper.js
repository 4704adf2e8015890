// The backtracking stepper: the search's trace step by step, the board with its row and
// column numbers, the options of each choice, the tree growing beside it, and stops where
// playing always pauses.
const Stepper = (() => {
  const run = DATA.stepper;
  if (!run) return null;
  const $ = (id) => document.getElementById(id);
  const last = run.frames.length - 1;
  const stops = new Set(run.stops);
  const STOP_WORDS = {
    dead_end: "Dead end. What will the search do now?",
    remove: "Backtrack. Which domino will the search try next?",
    solution: "A solution! Is it the only one?",
  };
  let step = 0, timer = null;
  const board = makeBoard($("st-board"), run.rows, false);
  const slider = $("st-slider");
  slider.max = last;

  function show(s) {
    step = Math.max(0, Math.min(last, s));
    const frame = run.frames[step];
    slider.value = step;
    const stopIndex = run.stops.indexOf(step);
    $("st-step").textContent = "Step " + step + " of " + last + " · " + run.name + " by " + run.method +
      (stopIndex >= 0 ? " · stop " + (stopIndex + 1) + " of " + run.stops.length : "");
    $("st-text").textContent = frame.text;
    const note = $("st-stopnote");
    note.hidden = stopIndex < 0;
    if (stopIndex >= 0) {
      note.textContent = "Stop " + (stopIndex + 1) + " of " + run.stops.length + ": " +
        (step === last && !STOP_WORDS[frame.kind] ? "the end of the search" +
          (run.status === "stopped" ? " (" + run.reason + ")." : ".") : STOP_WORDS[frame.kind]) +
        " Press Play or Next to go on.";
    }
    drawBoard(frame);
    drawOptions(frame);
    drawTree(frame);
    drawCounters(frame);
  }

  function drawBoard(frame) {
    board.clear(".outline");
    board.unmark("covered");
    frame.board.forEach((id) => {
      const pl = run.placements[id];
      const newest = frame.kind === "place" && id === frame.item;
      board.outline(pl.cells, newest ? "newest" : "mine", "", pl.label);
      board.cell(pl.cells[0], pl.cells[1]).classList.add("covered");
      board.cell(pl.cells[2], pl.cells[3]).classList.add("covered");
    });
  }

  // The options of the state the search is in: at its choice, or while it tries one of them.
  function drawOptions(frame) {
    const box = $("st-options");
    box.textContent = "";
    const node = run.tree[frame.node];
    const at = frame.kind === "place" ? node.parent : frame.node;
    const options = run.options[at];
    if (!options || !(frame.kind === "choice" || frame.kind === "place")) return;
    box.appendChild(el("h2", {}, "The options here (" + options.count + ")"));
    const list = el("ol");
    options.tried.forEach((id, k) => {
      const pl = run.placements[id];
      const now = frame.kind === "place" && id === frame.item;
      const where = pl.label + (pl.cells[0] === pl.cells[2] ? " across" : " down") + " on " +
        placementName(pl.cells);
      list.appendChild(el("li", { class: now ? "now" : "" }, where + (now ? " ← trying it now" : "")));
      if (frame.kind === "choice") board.outline(pl.cells, "option", String(k + 1), "option " + (k + 1));
    });
    box.appendChild(list);
    if (options.untried) {
      box.appendChild(el("p", {}, options.untried + (options.untried === 1 ? " more option was" : " more options were") +
        " never tried: the search stopped first."));
    }
    if (frame.kind === "choice") box.appendChild(el("p", { class: "note" }, "Numbered dashed outlines: the options, in the order the search tries them."));
  }

  const SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  const DX = 46, DY = 58, PAD = 24, R = 11;
  function drawTree(frame) {
    const tree = $("st-tree");
    tree.textContent = "";
    const width = Math.max(...run.tree.map((n) => n.x)) * DX + 2 * PAD;
    const height = Math.max(...run.tree.map((n) => n.y)) * DY + 2 * PAD + 16;
    tree.setAttribute("width", width);
    tree.setAttribute("height", height);
    const pos = (n) => [PAD + n.x * DX, PAD + n.y * DY];
    const shown = run.tree.filter((n) => n.outcome !== "unexplored" ? n.step <= step : step === last);
    for (const n of shown) {
      if (n.parent === null) continue;
      const [x1, y1] = pos(run.tree[n.parent]), [x2, y2] = pos(n);
      tree.appendChild(svg("line", { class: "edge", x1, y1, x2, y2 }));
    }
    for (const n of shown) {
      const [x, y] = pos(n);
      const known = n.decided !== null && n.decided <= step;
      const dead = known && (n.outcome === "dead_end" || n.outcome === "internal_dead_end");
      const solved = known && n.outcome === "solution";
      const cls = "node" + (dead ? " dead" : "") + (solved ? " solved" : "") + (n.outcome === "unexplored" ? " unexplored" : "");
      const shape = dead ? svg("rect", { class: cls, x: x - R, y: y - R, width: 2 * R, height: 2 * R })
                         : svg("circle", { class: cls, cx: x, cy: y, r: R });
      shape.appendChild(svg("title", {}, n.label || "the empty board"));
      tree.appendChild(shape);
      const mark = dead ? "✗" : solved ? "★" : "";
      if (mark) tree.appendChild(svg("text", { class: "mark", x, y }, mark));
      const label = n.outcome === "unexplored" ? n.label.split(" ")[0] : n.label;
      if (label) tree.appendChild(svg("text", { class: "label", x, y: y + R + 11 }, label));
    }
    const [cx, cy] = pos(run.tree[frame.node]);
    tree.appendChild(svg("circle", { class: "now", cx, cy, r: R + 6 }));
    const box = $("st-tree-box");
    if (cx < box.scrollLeft + 40 || cx > box.scrollLeft + box.clientWidth - 40) box.scrollLeft = cx - box.clientWidth / 2;
    if (cy < box.scrollTop + 40 || cy > box.scrollTop + box.clientHeight - 40) box.scrollTop = cy - box.clientHeight / 2;
  }

  function drawCounters(frame) {
    const list = $("st-counters");
    list.textContent = "";
    for (const [name, meaning] of Object.entries(run.counters)) {
      list.appendChild(el("dt", {}, name));
      list.appendChild(el("dd", { class: "value", "data-counter": name }, String(frame[name])));
      list.appendChild(el("dd", {}, meaning));
    }
  }

  // --- playing --------------------------------------------------------------------------

  function pause() {
    clearTimeout(timer);
    timer = null;
    $("st-play").textContent = "▶ Play";
  }

  function tick() {
    if (step >= last) return pause();
    show(step + 1);
    if ((stops.has(step) && $("st-pause").checked) || step >= last) return pause();
    timer = setTimeout(tick, +$("st-speed").value);
  }

  function toggle() {
    if (timer !== null) return pause();
    if (step >= last) show(0);
    $("st-play").textContent = "❚❚ Pause";
    timer = setTimeout(tick, 0);
  }

  function go(s) { pause(); show(s); }
  function nextStop() { go(run.stops.find((s) => s > step) ?? last); }

  $("st-first").addEventListener("click", () => go(0));
  $("st-back").addEventListener("click", () => go(step - 1));
  $("st-next").addEventListener("click", () => go(step + 1));
  $("st-play").addEventListener("click", toggle);
  $("st-stop").addEventListener("click", nextStop);
  slider.addEventListener("input", () => go(+slider.value));
  const KEYS = { ArrowLeft: () => go(step - 1), ArrowRight: () => go(step + 1), " ": toggle,
                 s: nextStop, S: nextStop, Home: () => go(0), End: () => go(last) };
  document.addEventListener("keydown", (event) => {
    if (activePanel() !== "stepper" || isTyping(event) || !KEYS[event.key]) return;
    if (event.target.tagName === "BUTTON" && event.key === " ") return;  // the button's own press
    event.preventDefault();
    KEYS[event.key]();
  });
  show(0);
  return { show, current: () => step };
})();

setupTabs();
