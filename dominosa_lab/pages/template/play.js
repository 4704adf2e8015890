// The play board: one puzzle per student, dominoes placed by two taps, hints and "why?" from
// the reasoning precomputed with the puzzle, the places left for a domino, the answer on request.
const Play = (() => {
  if (!DATA.play) return null;
  const puzzles = DATA.play.puzzles;
  const $ = (id) => document.getElementById(id);
  let puzzle, board, placed, history, picked, chosen, told, hints, answerAsked, focus;

  function storageKey() {
    return "dominosa-lab:" + [DATA.play.n, DATA.play.grade, DATA.play.seed, $("puzzle-choice").value].join(":");
  }

  function save() {
    try { localStorage.setItem(storageKey(), JSON.stringify({ placed, hints })); } catch (e) { /* no storage */ }
  }

  function restore() {
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey()) || "null");
      if (saved) { placed = saved.placed; hints = saved.hints || 0; }
    } catch (e) { /* no storage, or damaged: start afresh */ }
  }

  function start(index) {
    puzzle = puzzles[index];
    placed = []; history = []; picked = null; chosen = null; told = new Set(); hints = 0;
    answerAsked = false; focus = [0, 0];
    restore();
    board = makeBoard($("play-board"), puzzle.rows, true);
    board.cells.flat().filter(Boolean).forEach((cell) => {
      cell.addEventListener("click", () => tap(+cell.dataset.r, +cell.dataset.c));
      cell.addEventListener("focus", () => rove(cell));
    });
    const first = board.cells.flat().find(Boolean);
    first.tabIndex = 0;
    focus = [+first.dataset.r, +first.dataset.c];
    $("answer-box").hidden = true;
    $("answer").textContent = "Show the answer…";
    buildTable();
    say("", "Tap two squares side by side to place a domino.");
    draw();
  }

  // --- the board ------------------------------------------------------------------------

  function at(r, c) { return placed.findIndex((pl) => (pl[0] === r && pl[1] === c) || (pl[2] === r && pl[3] === c)); }

  function tap(r, c) {
    const here = at(r, c);
    clearMarks();
    if (here >= 0) {
      chosen = chosen === here ? null : here;
      picked = null;
      if (chosen !== null) {
        const pl = placed[chosen];
        say("", "Chosen: " + dominoName(puzzle.rows, pl) + " on " + placementName(pl) +
            ". Why? says what forces it; Remove takes it off.");
      }
    } else if (picked && picked[0] === r && picked[1] === c) {
      picked = null;
    } else if (picked && Math.abs(picked[0] - r) + Math.abs(picked[1] - c) === 1) {
      const pl = picked[0] * 1000 + picked[1] < r * 1000 + c ? [...picked, r, c] : [r, c, ...picked];
      picked = null;
      place(pl);
    } else {
      picked = [r, c];
      chosen = null;
      say("", "Square " + cellName(r, c) + " picked: now tap a square next to it.");
    }
    draw();
  }

  function place(pl) {
    const name = dominoName(puzzle.rows, pl);
    const twin = placed.find((other) => dominoName(puzzle.rows, other) === name);
    if (twin) {
      say("", "There is only one " + name + ", and it is already on " + placementName(twin) +
          ". Remove it first to move it.");
      return;
    }
    placed.push(pl);
    history.push({ add: pl });
    say("", "Placed " + name + " on " + placementName(pl) + ".");
    if (solved()) say("Solved!", "Every square is covered and every domino is used once. Well done.");
    save();
  }

  function removeChosen() {
    if (chosen === null) return;
    const [pl] = placed.splice(chosen, 1);
    history.push({ remove: pl });
    chosen = null;
    clearMarks();
    say("", "Took " + dominoName(puzzle.rows, pl) + " off " + placementName(pl) + ".");
    save();
    draw();
  }

  function undo() {
    const move = history.pop();
    clearMarks();
    chosen = null;
    if (!move) { say("", "Nothing to undo."); return draw(); }
    if (move.add) placed = placed.filter((pl) => pairKey(pl) !== pairKey(move.add));
    else placed.push(move.remove);
    const pl = move.add || move.remove;
    say("", "Undone: " + (move.add ? "placing " : "removing ") + dominoName(puzzle.rows, pl) +
        " on " + placementName(pl) + ".");
    save();
    draw();
  }

  function solved() {
    const cells = puzzle.rows.flat().filter((v) => v !== null).length;
    return placed.length * 2 === cells && placed.every(inAnswer);
  }

  function inAnswer(pl) { return puzzle.solution.some((s) => pairKey(s) === pairKey(pl)); }

  function free(pl) { return at(pl[0], pl[1]) < 0 && at(pl[2], pl[3]) < 0; }

  function draw() {
    board.clear(".outline.mine");
    board.unmark("covered");
    board.unmark("selected");
    placed.forEach((pl, k) => {
      board.outline(pl, "mine" + (k === chosen ? " chosen" : ""), "", dominoName(puzzle.rows, pl));
      board.cell(pl[0], pl[1]).classList.add("covered");
      board.cell(pl[2], pl[3]).classList.add("covered");
    });
    if (picked) board.cell(...picked).classList.add("selected");
    $("remove").disabled = $("why").disabled = chosen === null;
    const total = puzzle.solution.length;
    $("play-progress").textContent = placed.length + " of " + total + " dominoes placed" +
      (hints ? " · hints taken: " + hints : "");
    updateTable();
  }

  function clearMarks() {
    board.unmark("hinted");
    board.unmark("place");
    board.clear(".outline:not(.mine)");
    board.clear(".cross");
    document.querySelectorAll("#domino-table button[aria-pressed=true]").forEach((b) => b.setAttribute("aria-pressed", "false"));
  }

  function say(head, text) {
    const box = $("message");
    box.textContent = "";
    if (head) box.appendChild(el("b", {}, head));
    box.appendChild(document.createTextNode(text));
  }

  // --- help -----------------------------------------------------------------------------

  function hint() {
    clearMarks();
    chosen = null;
    draw();
    if (solved()) return say("Solved!", "There is nothing left to find.");
    if (placed.some((pl) => !inAnswer(pl))) {
      return say("No hint fits this board.",
                 "At least one of your dominoes is not in the answer, so every hint would build on it. Press Check to see which.");
    }
    const step = puzzle.steps.find(relevant);
    if (!step) {
      return say("Nothing is forced.", "No reasoning of ours decides the next domino from here: make a guess, and press Check to test it.");
    }
    hints += 1;
    step.ruled.forEach((pl) => told.add(pairKey(pl)));
    showStep(step);
    say(step.lead + ".", step.text);
    save();
    draw();
  }

  function relevant(step) {
    if (step.placed) return free(step.placed);
    return step.ruled.some((pl) => free(pl) && !told.has(pairKey(pl)));
  }

  function showStep(step) {
    step.cells.forEach(([r, c]) => board.cell(r, c).classList.add("hinted"));
    if (step.placed && free(step.placed)) board.outline(step.placed, "hinted-place", "!", "the hint's domino");
    step.ruled.filter(free).forEach((pl) => board.cross(pl));
  }

  function why() {
    if (chosen === null) return say("", "Tap a domino on the board first, then Why?");
    const pl = placed[chosen];
    const index = puzzle.decided[pairKey(pl)];
    clearMarks();
    draw();
    const step = index === undefined ? null : puzzle.steps[index];
    const name = dominoName(puzzle.rows, pl) + " on " + placementName(pl);
    if (!step) return say("Why " + name + "?", "No reasoning of ours decides it: it was a guess. Check tells you if it is right.");
    showStep(step);
    if (inAnswer(pl)) say("Why " + name + ": " + step.lead.toLowerCase() + ".", step.text);
    else say(name + " is not in the answer.", step.lead + ": " + step.text);
  }

  function check() {
    clearMarks();
    chosen = null;
    draw();
    const wrong = placed.filter((pl) => !inAnswer(pl));
    wrong.forEach((pl) => board.outline(pl, "wrong", "", "not in the answer"));
    const left = puzzle.solution.length - placed.length;
    if (solved()) return say("Solved!", "Every domino is right.");
    if (!wrong.length) {
      return say("All right so far.", "All " + placed.length + " of your dominoes are in the answer; " +
                 left + " to go.");
    }
    say(wrong.length + " of your " + placed.length + (placed.length === 1 ? " domino is" : " dominoes are") + " not in the answer.",
        "They are marked ✗ with a dashed outline: tap one and press Why? to see what rules it out.");
  }

  function answer() {
    const box = $("answer-box");
    if (!box.hidden) {
      box.hidden = true;
      answerAsked = false;
      $("answer").textContent = "Show the answer…";
      return;
    }
    if (!answerAsked) {
      answerAsked = true;
      $("answer").textContent = "Yes, show the answer";
      return say("Sure?", "Press again to see the answer beside your board. Your board stays as it is.");
    }
    box.hidden = false;
    $("answer").textContent = "Hide the answer";
    const shown = makeBoard($("answer-board"), puzzle.rows, false);
    puzzle.solution.forEach((pl) => shown.outline(pl, "mine", "", dominoName(puzzle.rows, pl)));
    say("The answer", "is shown under your board.");
  }

  // --- the dominoes and their places ----------------------------------------------------

  function buildTable() {
    const table = $("domino-table");
    table.textContent = "";
    const n = puzzle.max_pip;
    const head = el("tr");
    head.appendChild(el("th"));
    for (let lo = 0; lo <= n; lo++) head.appendChild(el("th", { scope: "col" }, String(lo)));
    table.appendChild(head);
    for (let hi = 0; hi <= n; hi++) {
      const row = el("tr");
      row.appendChild(el("th", { scope: "row" }, String(hi)));
      for (let lo = 0; lo <= hi; lo++) {
        const cell = el("td");
        const button = el("button", { "data-domino": lo + "-" + hi, "aria-pressed": "false" }, lo + "-" + hi);
        button.appendChild(el("small"));
        button.addEventListener("click", () => showPlaces(lo, hi, button));
        cell.appendChild(button);
        row.appendChild(cell);
      }
      table.appendChild(row);
    }
  }

  function placesOf(lo, hi) {
    const rows = puzzle.rows, out = [];
    rows.forEach((row, r) => row.forEach((v, c) => {
      for (const [dr, dc] of [[0, 1], [1, 0]]) {
        const w = rows[r + dr] && rows[r + dr][c + dc];
        if (v === null || w === null || w === undefined) continue;
        const pl = [r, c, r + dr, c + dc];
        if (Math.min(v, w) === lo && Math.max(v, w) === hi && free(pl)) out.push(pl);
      }
    }));
    return out;
  }

  function updateTable() {
    document.querySelectorAll("#domino-table button").forEach((button) => {
      const [lo, hi] = button.dataset.domino.split("-").map(Number);
      const used = placed.some((pl) => dominoName(puzzle.rows, pl) === button.dataset.domino);
      button.classList.toggle("used", used);
      button.querySelector("small").textContent = used ? "placed ✓" : placesOf(lo, hi).length + " left";
    });
  }

  function showPlaces(lo, hi, button) {
    const wasPressed = button.getAttribute("aria-pressed") === "true";
    clearMarks();
    if (wasPressed) return;
    button.setAttribute("aria-pressed", "true");
    const name = lo + "-" + hi;
    const twin = placed.find((pl) => dominoName(puzzle.rows, pl) === name);
    if (twin) return say(name + " is on the board", "at " + placementName(twin) + ".");
    const places = placesOf(lo, hi);
    places.forEach((pl) => {
      board.outline(pl, "place", "", name + " could go here");
      board.cell(pl[0], pl[1]).classList.add("place");
      board.cell(pl[2], pl[3]).classList.add("place");
    });
    if (!places.length) return say(name + " has no place left.", "Some domino on the board must be wrong: press Check.");
    say(name + " can go in " + places.length + (places.length === 1 ? " place" : " places") + ", marked ●.",
        places.length === 1 ? "Only one place left: a forced piece." : places.map(placementName).join(", ") + ".");
  }

  // --- keys -----------------------------------------------------------------------------

  // One square of the board is in the tab order at a time: the one last reached.
  function rove(cell) {
    board.cells.flat().filter(Boolean).forEach((other) => { other.tabIndex = -1; });
    cell.tabIndex = 0;
    focus = [+cell.dataset.r, +cell.dataset.c];
  }

  function moveFocus(dr, dc) {
    let [r, c] = focus;
    for (let k = 0; k < 64; k++) {
      r += dr; c += dc;
      if (!puzzle.rows[r] || c < 0 || c >= puzzle.rows[0].length) return;
      const cell = board.cell(r, c);
      if (cell) return cell.focus();
    }
  }

  const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const KEYS = { u: undo, h: hint, w: why, c: check };

  document.addEventListener("keydown", (event) => {
    if (activePanel() !== "play" || isTyping(event) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (ARROWS[event.key] && event.target.classList.contains("cell")) {
      event.preventDefault();
      moveFocus(...ARROWS[event.key]);
    } else if (KEYS[event.key.toLowerCase()]) {
      event.preventDefault();
      KEYS[event.key.toLowerCase()]();
    }
  });

  puzzles.forEach((p, k) => $("puzzle-choice").appendChild(el("option", { value: k }, p.name)));
  $("puzzle-choice").addEventListener("change", (event) => start(+event.target.value));
  $("undo").addEventListener("click", undo);
  $("remove").addEventListener("click", removeChosen);
  $("hint").addEventListener("click", hint);
  $("why").addEventListener("click", why);
  $("check").addEventListener("click", check);
  $("answer").addEventListener("click", answer);
  start(0);
  return { start, state: () => ({ placed: placed.map((pl) => pl.slice()), puzzle }) };
})();
