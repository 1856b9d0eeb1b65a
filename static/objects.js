// objects.js draws the stage's shared objects (stage.js): the primitive,
// a row per cell with its value, and each datum the threads share in a
// box. Under c11 a cell written more than once has its modification order
// below it (memory.js). The methods are the Stage's.

import { s, clear } from "./dom.js";
import { text } from "./svg.js";

// PRIM places the objects: their left and top edge, least width, the
// height of a box's title and of a row.
export const PRIM = { x: 4, y: 4, w: 350, head: 31, row: 32 };
const MONO = 10.25; // width of a character of the 17px monospace font

// objectMethods are the Stage's methods that draw the shared objects.
export const objectMethods = {
  // drawPrimitive draws the primitive object and any shared data; it
  // returns the bottom edge. The box only ever grows within a lesson, so a
  // long value does not make the picture jump back and forth.
  drawPrimitive(ctx) {
    const g = clear(this.layers.prim);
    const { cells } = ctx.snap;
    if (!cells.length) {
      this.placed = [];
      this.primW = 0;
      return PRIM.y;
    }
    // The primitive is laid out first, so the first cell is one of its own.
    const prim = cells[0].object;
    const runtime = /\.(ctx|frame|awaiter)$/;
    const groups = [prim, ...new Set(cells.map((c) => c.object).filter((o) => o !== prim && !runtime.test(o)))];
    const shown = cells.filter((c) => groups.includes(c.object));
    this.fieldW = Math.max(this.fieldW || 0, ...shown.map((c) => mono(c.name.length - c.object.length - 1) + 24));
    this.valueW = Math.max(this.valueW || 0, ...shown.map((c) => mono(c.value.length) + 18), 150);
    const width = Math.max(PRIM.w, this.fieldW + this.valueW + 20);
    // One or two objects stack; more (a channel's mutex, condition
    // variables and ring) are packed as wide as the stage, each box at the
    // highest place where its width fits (pack), so that the threads below
    // them stay in view.
    const flow = groups.length > 2;
    const room = this.room();
    // c11: the cells' modification orders, once memory.js is loaded.
    const orders = ctx.state.orders || [];
    const ui = orders.length && this.app.memoryUI ? this.app.memoryUI() : null;
    const order = new Map(ui ? orders.map((o) => [o.cell, o]) : []);
    const placed = [];
    let y = PRIM.y;
    for (const obj of groups) {
      const rows = cells.filter((c) => c.object === obj);
      const h = PRIM.head + rows.length * PRIM.row + rows.filter((c) => order.has(c.name)).length * (ui ? ui.orderHeight : 0) + 6;
      // Packed, each box is as wide as its own fields need.
      const title = obj === prim ? `${obj} · ${this.app.lesson.primitive}` : obj;
      const fw = flow ? Math.max(...rows.map((c) => mono(c.name.length - obj.length - 1) + 24), mono(title.length) + 24 - this.valueW) : this.fieldW;
      const w = flow ? fw + this.valueW + 20 : width;
      const at = flow ? pack(placed, w, room - 8) : { x: PRIM.x, y };
      const x = at.x;
      y = at.y;
      placed.push({ x, y, right: x + w, bottom: y + h });
      const box = s("g", { class: "object" + (obj === prim ? " primitive" : " data") });
      box.append(
        s("rect", { x, y, width: w, height: h, rx: 8 }),
        text(x + 12, y + 23, title, "obj-title"),
      );
      let ry = y + PRIM.head;
      for (const c of rows) {
        const cls = ["cell", ctx.touched === c.name ? "touched" : "", ctx.changed.has(c.name) ? "changed" : "", ctx.race.has(c.name) ? "race" : "", c.atomic ? "atomic" : "plain"];
        const row = s("g", { class: cls.filter(Boolean).join(" "), "data-cell": c.name });
        const vx = x + w - this.valueW - 10;
        row.append(
          s("rect", { class: "cellbg", x: x + 5, y: ry, width: w - 10, height: PRIM.row - 3, rx: 5 }),
          text(x + 14, ry + 21, c.name.slice(obj.length + 1), "field"),
          s("rect", { class: "value", x: vx, y: ry + 3, width: this.valueW, height: PRIM.row - 8, rx: 4 }),
          text(vx + 8, ry + 21, c.value, "val"),
        );
        if (ctx.changed.has(c.name)) row.append(text(vx - 8, ry + 21, "Δ", "delta", "end"));
        if (ctx.race.has(c.name)) row.append(text(vx - 8, ry + 21, "⚠", "delta", "end"));
        ctx.anchors.set(c.name, { x: vx + this.valueW, y: ry + PRIM.row / 2 - 1 });
        box.append(row);
        ry += PRIM.row;
        const o = order.get(c.name);
        if (o) {
          box.append(ui.orderRow(this.app, o, x, ry - 3, w));
          ry += ui.orderHeight;
        }
      }
      g.append(box);
      y += h + 10;
    }
    this.placed = placed;
    this.primW = Math.max(...placed.map((r) => r.right)) - PRIM.x;
    return Math.max(...placed.map((r) => r.bottom));
  },
};

// GAP is the room between two packed boxes.
const GAP = 12;

// pack is where a box w wide goes among the boxes placed, in a picture
// room wide: the highest place on their skyline where it fits, the
// leftmost of those alike. A box wider than the room goes below them all.
export function pack(placed, w, room) {
  let best = null;
  for (const x of [PRIM.x, ...placed.map((r) => r.right + GAP)]) {
    if (x > PRIM.x && x + w > room) continue;
    const y = Math.max(PRIM.y, ...placed.filter((r) => x < r.right + GAP && x + w + GAP > r.x).map((r) => r.bottom + 10));
    if (!best || y < best.y || (y === best.y && x < best.x)) best = { x, y };
  }
  return best;
}

// mono is the width of n characters of the monospace font.
function mono(n) {
  return n * MONO;
}
