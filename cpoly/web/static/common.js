// Shared helpers of the cpoly pages: running a CLI job with progress and cancel, errors beside
// their fields, tables.  No framework, no build step, nothing fetched from the internet.
"use strict";

const cpoly = (() => {
  const $ = (id) => document.getElementById(id);

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value);
    }
    for (const child of children) node.append(child);
    return node;
  }

  // A table: columns [{head, cell(row) -> text or Node, title?(row), num?}] and rows.
  function table(caption, columns, rows, rowClass = () => "") {
    const head = el("tr", {}, ...columns.map((c) => el("th", { scope: "col", class: c.num ? "num" : "" }, c.head)));
    const body = rows.map((row, i) => el("tr", { class: rowClass(row, i) }, ...columns.map((c) => {
      const value = c.cell(row, i);
      const cell = el("td", { class: c.num ? "num" : "" }, value instanceof Node ? value : String(value));
      if (c.title) cell.title = c.title(row, i);
      return cell;
    })));
    return el("table", {}, el("caption", {}, caption), el("thead", {}, head), el("tbody", {}, ...body));
  }

  const fieldErrors = new Set();

  function clearErrors() {
    for (const node of fieldErrors) { node.textContent = ""; node.hidden = true; }
    for (const node of document.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
    fieldErrors.clear();
  }

  // Show an error object {message, field, file, line, column} beside its field.
  function showError(error, fallbackField, force = false) {
    const field = !force && error.field && $(`${error.field}-error`) ? error.field : fallbackField;
    const box = $(`${field}-error`);
    const where = error.file ? `${error.file}:${error.line}:${error.column}: error: ` : "";
    box.textContent = where + error.message;
    box.hidden = false;
    fieldErrors.add(box);
    const input = $(field);
    if (input) input.setAttribute("aria-invalid", "true");
  }

  // Run `command` with `body` as a job; onProgress(status) while it runs.  Returns
  // {promise, cancel}: the promise resolves to the final status {state, result | error, elapsed}.
  function runJob(command, body, onProgress = () => {}) {
    let source = null;
    let jobId = null;
    let cancelled = false;
    let settle;
    const promise = new Promise((resolve) => { settle = resolve; });
    fetch(`/api/jobs/${command}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    }).then(async (response) => {
      const data = await response.json();
      if (!response.ok) { settle({ state: "error", error: data.error }); return; }
      jobId = data.id;
      if (cancelled) { fetch(`/api/jobs/${jobId}`, { method: "DELETE" }); return; }  // cancelled before it started
      source = new EventSource(`/api/jobs/${jobId}/events`);
      source.addEventListener("progress", (event) => onProgress(JSON.parse(event.data)));
      source.addEventListener("end", (event) => { source.close(); settle(JSON.parse(event.data)); });
      source.onerror = () => {
        source.close();
        fetch(`/api/jobs/${jobId}`).then((r) => r.json()).then(settle,
          () => settle({ state: "failed", error: { message: "lost the connection to the server" } }));
      };
    }, () => settle({ state: "failed", error: { message: "cannot reach the cpoly server" } }));
    function cancel() {
      cancelled = true;
      if (source) source.close();
      if (jobId) fetch(`/api/jobs/${jobId}`, { method: "DELETE" });
      settle({ state: "cancelled", error: { message: "cancelled" } });
    }
    return { promise, cancel };
  }

  // A status line with elapsed time and a Cancel button for one running job.
  function progressLine(container, label) {
    const text = el("span", { text: `${label}: starting…` });
    const button = el("button", { type: "button", class: "cancel", text: "Cancel" });
    const line = el("div", { class: "progress", role: "status" }, el("span", { class: "spinner" }), text, button);
    container.replaceChildren(line);
    return {
      button,
      update(status) {
        text.textContent = `${label}: ${status.state} ${status.elapsed.toFixed(1)} s`;
      },
      done() { line.remove(); },
    };
  }

  // The job of each slot (a container and a command) while it runs.  A newer job in the same
  // slot, or cancelAll (the game or the table changed), supersedes it: it is cancelled and its
  // answer, should it still arrive, is ignored, so a late answer never overwrites a newer choice.
  const running = new Map();

  function supersede(slot) {
    const old = running.get(slot);
    if (!old) return;
    running.delete(slot);
    old.line.done();
    old.job.cancel();
  }

  function cancelAll() {
    for (const slot of [...running.keys()]) supersede(slot);
  }

  // Run a job showing progress in `container`; resolves to the result, or null (error shown, or
  // the job superseded).  With `force`, errors always go to `fallbackField` (the section's own error line).
  async function runInto(container, label, command, body, fallbackField, force = false) {
    const slot = `${container.id} ${command}`;
    supersede(slot);
    const line = progressLine(container, label);
    const job = runJob(command, body, (status) => line.update(status));
    const mine = { job, line };
    running.set(slot, mine);
    line.button.addEventListener("click", job.cancel);
    const status = await job.promise;
    if (running.get(slot) !== mine) return null;
    running.delete(slot);
    line.done();
    if (status.state === "done") return status.result;
    if (status.state === "error") showError(status.error, fallbackField, force);
    else container.replaceChildren(el("p", { class: "refused", role: "alert", text: status.error.message }));
    return null;
  }

  const fmt = {
    int: (n) => Number(n).toLocaleString("en-US"),
    fixed: (x, digits) => Number(x).toFixed(digits),
    pct: (x, digits) => `${(100 * x).toFixed(digits)} %`,
  };

  return { $, el, table, clearErrors, showError, runJob, runInto, cancelAll, fmt };
})();
