/** The function the harness exposes to the page; the page calls it once with its marks. */
export const REPORT = '__coldStartReport';

/**
 * Put into every page before its own scripts run: marks (in ms from the page's time origin) of the
 * first contentful paint, the first library.query sent over the bridge and its answer, and the frame
 * after the first asset cards entered the document (a task queued from requestAnimationFrame runs
 * after that frame was painted), handed to the harness through `window.__coldStartReport` (no
 * evaluation of strings: the app's Content-Security-Policy forbids it).
 */
export const PAGE_MARKS_SCRIPT = `(() => {
  const marks = { fcp: null, bridgeOpen: null, query: null, answered: null, cards: null, cardCount: 0 };
  window.__coldStart = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const Native = window.WebSocket;
  if (Native) {
    const send = Native.prototype.send;
    Native.prototype.send = function (data) {
      if (marks.bridgeOpen === null) marks.bridgeOpen = performance.now();
      if (marks.query === null && typeof data === 'string' && data.includes('"library.query"')) {
        const id = JSON.parse(data).id;
        marks.query = performance.now();
        const answered = (event) => {
          if (typeof event.data !== 'string' || !event.data.includes('"id":' + id)) return;
          if (JSON.parse(event.data).id !== id) return;
          marks.answered = performance.now();
          this.removeEventListener('message', answered);
        };
        this.addEventListener('message', answered);
      }
      return send.call(this, data);
    };
  }
  const selector = '[data-testid^="asset-"]';
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        marks.cards = performance.now();
        marks.cardCount = document.querySelectorAll(selector).length;
        const meta = document.querySelector('meta[name="query-ms"]');
        window.${REPORT}({
          ...marks,
          timeOrigin: performance.timeOrigin,
          serverQueryMs: meta ? Number(meta.getAttribute('content')) : null,
        });
      };
      channel.port2.postMessage(0);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;
