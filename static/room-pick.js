// room-pick.js is the presenter's lesson picker (#room-pick): it loads
// the lesson and variant chosen on the presenter's playground, whose next
// published position carries them to every student's page.

import { h, clear } from "./dom.js";

// LessonPicker owns the form. variants lists each lesson's variants by
// id; app is the page's playground (app.js).
export class LessonPicker {
  constructor(form, variants, app) {
    this.form = form;
    this.variants = variants || {};
    this.app = app;
    this.lesson = form.elements.lesson;
    this.variant = form.elements.variant;
    this.lesson.addEventListener("change", () => this.fill());
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.app.send("load", { lesson: this.lesson.value, variant: this.variant.value, lang: this.app.lang });
    });
    this.fill();
  }

  // fill lists the variants of the lesson chosen, keeping the one chosen
  // when the lesson has it.
  fill(chosen = this.variant.value) {
    const vs = this.variants[this.lesson.value] || [];
    clear(this.variant).append(...vs.map((v) => h("option", { value: v }, v)));
    if (vs.includes(chosen)) this.variant.value = chosen;
  }

  // loaded shows the lesson and variant the playground has loaded.
  loaded(lesson) {
    if (!this.variants[lesson.id]) return; // a lesson the catalog lacks
    this.lesson.value = lesson.id;
    this.fill(lesson.variant);
  }
}
