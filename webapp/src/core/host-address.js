// Where this page's acdc is and the token it was opened with: the page URL
// acdc prints is /?port=N&token=T (the port may be left out when the host
// serves the page itself). Read here once, for the WebSocket and for the
// agent configurations that point at the same host (Settings).
//
//   const host = hostAddress(location);   // {hostname:'127.0.0.1', port:'18080', token:'…'}
//   socketUrl(host)                        // 'ws://127.0.0.1:18080/?token=…'

export function hostAddress({ hostname, port, search }) {
  const params = new URLSearchParams(search);
  // An empty location.port is the scheme's default; the URLs built here always name one.
  return { hostname, port: params.get('port') || port || '80', token: params.get('token') ?? '' };
}

export function socketUrl({ hostname, port, token }) {
  return `ws://${hostname}:${port}/?token=${encodeURIComponent(token)}`;
}
