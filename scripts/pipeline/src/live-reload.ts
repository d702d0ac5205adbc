// Live reload of the docs page for `npm run dev`: an event stream the docs server serves at /__dev/events
// (under the docs server's Host check, serve.ts), and a small script added to the page that reloads it
// on `reload` and shows a lint problem over the page on `problem`, until the next good save reloads it.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OpenApiDocument } from '@trading-analytics/core';
import { contentSecurityPolicy, docsDocument } from './docs.js';

const eventsPath = '/__dev/events';

const overlayScript = `<script>
(() => {
  const events = new EventSource(${JSON.stringify(eventsPath)});
  events.addEventListener('reload', () => location.reload());
  events.addEventListener('problem', (event) => {
    let overlay = document.getElementById('dev-problem');
    if (!overlay) {
      overlay = document.createElement('pre');
      overlay.id = 'dev-problem';
      Object.assign(overlay.style, { position: 'fixed', inset: '0', margin: '0', padding: '2em', overflow: 'auto', zIndex: '2147483647',
        background: 'rgba(24, 24, 24, 0.95)', color: '#ffb4a8', font: '13px/1.5 monospace', whiteSpace: 'pre-wrap' });
      document.body.append(overlay);
    }
    overlay.textContent = 'The contract does not lint: the docs and the mock still show the last good version.\\n\\n' + JSON.parse(event.data);
  });
})();
</script>`;

const placeholder = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8" /><meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy}" />
<title>Waiting for a contract that lints</title></head>
<body><p>No docs yet: the contract has not built cleanly since npm run dev started.</p></body></html>
`;

const definitionStart = 'const __redoc_definition = ';
const definitionEnd = ';\n      const __redoc_options';
const rendererStart = '\n      <script type="module">';
const containerStart = '<div id="redoc">';

/**
 * The docs page of another bundle, made from a page `npm run docs` rendered (`renderedPage`) in a few
 * milliseconds instead of a second: the contract the page carries is replaced, and its server-rendered
 * markup dropped, so Redoc renders the page in the browser (its `hydrate` does so into an empty container).
 * For the dev loop only: the built page stays fully rendered. Returns undefined when the page does not have
 * the layout this relies on (another Redoc version), and the caller renders the page in full instead.
 */
export function pageFor(renderedPage: string, bundle: OpenApiDocument) {
  const container = renderedPage.indexOf(containerStart);
  const renderer = renderedPage.indexOf(rendererStart, container);
  const definition = renderedPage.indexOf(definitionStart, renderer);
  const end = renderedPage.indexOf(definitionEnd, definition);
  if (
    container < 0 ||
    renderer < 0 ||
    definition < 0 ||
    end < 0 ||
    !renderedPage.slice(container, renderer).endsWith('</div>')
  )
    return undefined;
  // `<` escaped, so no text in the contract can close the script element.
  const json = JSON.stringify(docsDocument(bundle)).replaceAll('<', '\\u003c');
  return `${renderedPage.slice(0, container)}${containerStart}</div>${renderedPage.slice(renderer, definition + definitionStart.length)}${json}${renderedPage.slice(end)}`;
}

/** The docs server's side of the live reload: the event stream, and the page with the script that listens. */
export function createLiveReload() {
  const clients: Set<ServerResponse> = new Set();
  /** the lint problem shown over the page until the next good save */
  let problem: string | undefined;
  const send = (response: ServerResponse, event: string, data: unknown) =>
    response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const broadcast = (event: string, data: unknown) => {
    for (const client of clients) send(client, event, data);
  };
  return {
    /**
     * Answers the event stream; false for any other path.
     */
    handle(request: IncomingMessage, response: ServerResponse, pathname: string) {
      if (pathname !== eventsPath) return false;
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      response.write(': live reload of npm run dev\n\n');
      // A page loaded while the contract is broken shows the problem at once.
      if (problem !== undefined) send(response, 'problem', problem);
      clients.add(response);
      request.once('close', () => clients.delete(response));
      return true;
    },
    /** The page as served in dev: the script added, and the page allowed to connect back to this server. */
    page(html: string | undefined) {
      const text = (html === undefined ? placeholder : String(html)).replace(
        contentSecurityPolicy,
        () => `${contentSecurityPolicy}; connect-src 'self'`,
      );
      // The last </body>: the renderer's inline code holds the text `</body>` too.
      const end = text.lastIndexOf('</body>');
      return end < 0 ? `${text}${overlayScript}` : `${text.slice(0, end)}${overlayScript}\n${text.slice(end)}`;
    },
    reload() {
      problem = undefined;
      broadcast('reload', {});
    },
    problem(text: string) {
      problem = text;
      broadcast('problem', text);
    },
    get hasProblem() {
      return problem !== undefined;
    },
  };
}
