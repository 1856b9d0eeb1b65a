// objects.js draws the shared objects of the stage (stage.js): the
// primitive, one row per cell with its value, and the data the lesson's
// threads share, each a box of its own. Under c11 a cell with more than
// one write besides its initial value has a row of its modification
// order below it (memory.js). The methods are the Stage's.

import { s, clear } from "./dom.js";
import { text } from "./svg.js";

// PRIM places the objects: their left and top edge, least width, the
// height of a box's title and of a row.
export const PRIM = { x: 4, y: 4, w: 350, head: 34, row: 36 };
const MONO = 10.25; // width of a character of the 17px monospace font

// objectMethods are the Stage's methods that draw the shared objects.
export const objectMethods = {
  // drawPrimitive draws the primitive object and any shared data; it
  // returns the bottom edge. The box only ever grows within a lesson, so a
  // long value does not make the picture jump back and forth.
  drawPrimitive(ctx) {
    const g = clear(this.layers.prim);
    const { cells } = ctx.snap;
    if (!cells.length) return PRIM.y;
    // The primitive is laid out first, so the first cell is one of its own.
    const prim = cells[0].object;
    const runtime = /\.(ctx|frame|awaiter)$/;
    const groups = [prim, ...new Set(cells.map((c) => c.object).filter((o) => o !== prim && !runtime.test(o)))];
    const shown = cells.filter((c) => groups.includes(c.object));
    this.fieldW = Math.max(this.fieldW || 0, ...shown.map((c) => mono(c.name.length - c.object.length - 1) + 24));
    this.valueW = Math.max(this.valueW || 0, ...shown.map((c) => mono(c.value.length) + 18), 150);
    const width = Math.max(PRIM.w, this.fieldW + this.valueW + 20);
    // One or two objects stack; more (a channel's mutex, condition
    // variables and ring) flow in rows as wide as the stage, so that the
    // threads below them stay in view.
    const flow = groups.length > 2;
    const room = this.room();
    // c11: the cells' modification orders, once memory.js is loaded.
    const orders = ctx.state.orders || [];
    const ui = orders.length && this.app.memoryUI ? this.app.memoryUI() : null;
    const order = new Map(ui ? orders.map((o) => [o.cell, o]) : []);
    let x = PRIM.x, y = PRIM.y, rowH = 0, right = PRIM.x;
    for (const obj of groups) {
      const rows = cells.filter((c) => c.object === obj);
      const h = PRIM.head + rows.length * PRIM.row + rows.filter((c) => order.has(c.name)).length * (ui ? ui.orderHeight : 0) + 6;
      // Flowing, each box is as wide as its own fields need.
      const title = obj === prim ? `${obj} · ${this.app.lesson.primitive}` : obj;
      const fw = flow ? Math.max(...rows.map((c) => mono(c.name.length - obj.length - 1) + 24), mono(title.length) + 24 - this.valueW) : this.fieldW;
      const w = flow ? fw + this.valueW + 20 : width;
      if (flow && x > PRIM.x && x + w > room - 8) {
        x = PRIM.x;
        y += rowH + 10;
        rowH = 0;
      }
      const box = s("g", { class: "object" + (obj === prim ? " primitive" : " data") });
      box.append(
        s("rect", { x, y, width: w, height: h, rx: 8 }),
        text(x + 12, y + 25, title, "obj-title"),
      );
      let ry = y + PRIM.head;
      for (const c of rows) {
        const cls = ["cell", ctx.touched === c.name ? "touched" : "", ctx.changed.has(c.name) ? "changed" : "", ctx.race.has(c.name) ? "race" : "", c.atomic ? "atomic" : "plain"];
        const row = s("g", { class: cls.filter(Boolean).join(" "), "data-cell": c.name });
        const vx = x + w - this.valueW - 10;
        row.append(
          s("rect", { class: "cellbg", x: x + 5, y: ry, width: w - 10, height: PRIM.row - 3, rx: 5 }),
          text(x + 14, ry + 23, c.name.slice(obj.length + 1), "field"),
          s("rect", { class: "value", x: vx, y: ry + 3, width: this.valueW, height: PRIM.row - 9, rx: 4 }),
          text(vx + 8, ry + 23, c.value, "val"),
        );
        if (ctx.changed.has(c.name)) row.append(text(vx - 8, ry + 23, "Δ", "delta", "end"));
        if (ctx.race.has(c.name)) row.append(text(vx - 8, ry + 23, "⚠", "delta", "end"));
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
      right = Math.max(right, x + w);
      if (flow) {
        x += w + 12;
        rowH = Math.max(rowH, h);
      } else {
        y += h + 10;
      }
    }
    this.primW = right - PRIM.x;
    return flow ? y + rowH : y - 10;
  },
};

// mono is the width of n characters of the monospace font.
function mono(n) {
  return n * MONO;
}
