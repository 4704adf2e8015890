"use strict";
// What both pages share: the data, the tabs, the board with its row and column numbers.
const DATA = JSON.parse(document.getElementById("page-data").textContent);

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function pairKey(pl) { return pl.join(","); }

function dominoName(rows, pl) {
  const a = rows[pl[0]][pl[1]], b = rows[pl[2]][pl[3]];
  return Math.min(a, b) + "-" + Math.max(a, b);
}

function cellName(r, c) { return "(" + r + "," + c + ")"; }

function placementName(pl) { return cellName(pl[0], pl[1]) + "-" + cellName(pl[2], pl[3]); }

// A board: a grid of squares (buttons when `clickable`) under row and column numbers, and
// outlines and marks laid over it.
function makeBoard(container, rows, clickable) {
  container.textContent = "";
  const width = rows[0].length;
  const size = Math.max(30, Math.min(56, Math.floor((window.innerWidth - 80) / (width + 1.5))));
  container.style.setProperty("--cell", size + "px");
  container.style.gridTemplateColumns = "28px repeat(" + width + ", " + size + "px)";
  container.style.gridTemplateRows = "24px repeat(" + rows.length + ", " + size + "px)";
  container.appendChild(el("div", { class: "head", "aria-hidden": "true" }, ""));
  for (let c = 0; c < width; c++) container.appendChild(el("div", { class: "head" }, String(c)));
  const cells = rows.map((row, r) => {
    container.appendChild(el("div", { class: "head" }, String(r)));
    return row.map((value, c) => {
      if (value === null) {
        container.appendChild(el("div", { class: "gap" }));
        return null;
      }
      const cell = el(clickable ? "button" : "div", {
        class: "cell", "data-r": r, "data-c": c, role: "gridcell",
        "aria-label": "row " + r + ", column " + c + ": " + value,
      }, String(value));
      if (clickable) cell.tabIndex = -1;
      container.appendChild(cell);
      return cell;
    });
  });
  const centre = (r, c) => [28 + (c + 0.5) * size, 24 + (r + 0.5) * size];
  return {
    rows, cells, size,
    cell(r, c) { return cells[r] && cells[r][c]; },
    outline(pl, cls, badge, title) {
      const top = 24 + Math.min(pl[0], pl[2]) * size, left = 28 + Math.min(pl[1], pl[3]) * size;
      const box = el("div", { class: "outline " + cls, "data-pl": pairKey(pl) });
      box.style.top = top + 3 + "px";
      box.style.left = left + 3 + "px";
      box.style.width = (pl[1] === pl[3] ? 1 : 2) * size - 6 + "px";
      box.style.height = (pl[0] === pl[2] ? 1 : 2) * size - 6 + "px";
      if (badge) box.appendChild(el("span", {}, badge));
      if (title) box.setAttribute("title", title);
      container.appendChild(box);
      return box;
    },
    cross(pl) {
      const [x1, y1] = centre(pl[0], pl[1]), [x2, y2] = centre(pl[2], pl[3]);
      const mark = el("div", { class: "cross", "data-pl": pairKey(pl),
                               title: "ruled out: " + placementName(pl) }, "✗");
      mark.style.left = (x1 + x2) / 2 + "px";
      mark.style.top = (y1 + y2) / 2 + "px";
      container.appendChild(mark);
    },
    clear(selector) { container.querySelectorAll(selector).forEach((n) => n.remove()); },
    unmark(cls) { container.querySelectorAll(".cell." + cls).forEach((n) => n.classList.remove(cls)); },
  };
}

function isTyping(event) {
  const tag = event.target.tagName;
  return tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA";
}

function setupTabs() {
  const tabs = [...document.querySelectorAll("[role=tab]")];
  const choose = (tab) => {
    for (const other of tabs) {
      const chosen = other === tab;
      other.setAttribute("aria-selected", String(chosen));
      document.getElementById(other.getAttribute("aria-controls")).hidden = !chosen;
    }
    location.hash = tab.getAttribute("aria-controls");
  };
  tabs.forEach((tab) => tab.addEventListener("click", () => choose(tab)));
  const wanted = tabs.find((tab) => "#" + tab.getAttribute("aria-controls") === location.hash);
  if (!DATA.play) tabs[0].hidden = true;
  if (!DATA.stepper) tabs[1].hidden = true;
  choose(wanted || (DATA.play ? tabs[0] : tabs[1]));
}

function activePanel() {
  const tab = document.querySelector("[role=tab][aria-selected=true]");
  return tab ? tab.getAttribute("aria-controls") : "";
}
