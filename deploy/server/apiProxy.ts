import http from 'node:http';

/**
 * Passes a request to the API unchanged and streams the answer back as it comes (Server-Sent Events
 * included: nothing is buffered).
 */
export function proxyToApi(apiUrl: URL, req: http.IncomingMessage, res: http.ServerResponse): void {
  const upstream = http.request(
    {
      hostname: apiUrl.hostname,
      port: apiUrl.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-host': req.headers.host ?? '', 'x-forwarded-proto': 'http' },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'api_unavailable', message: 'The API is not reachable.' }));
    } else res.destroy();
  });
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
}
