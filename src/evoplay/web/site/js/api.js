// The server's JSON API (docs/web.md): requests, errors as exceptions with the server's message,
// and jobs watched through server-sent events.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function answer(response) {
  const text = await response.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch (e) {
    body = { error: text };
  }
  if (!response.ok) throw new ApiError(response.status, (body && body.error) || response.statusText);
  return body;
}

export async function get(path) {
  return answer(await fetch(path, { cache: 'no-store' }));
}

export async function post(path, body) {
  return answer(await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body || {}),
  }));
}

const ORDINAL = (n) => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

// What a job's event says of its state, for a status line ("queued: 2nd in line", "running",
// "running: 3 of 10 done", "done", ...), or null for an event that does not change it.
export function jobStatus(event) {
  switch (event.type) {
    case 'queued':
      return `queued: ${ORDINAL(event.position)} in line (${event.running} of ${event.threads} running)`;
    case 'started':
      return 'running';
    case 'progress':
      return `running: ${event.done} of ${event.total} done`;
    case 'generation':
      return `running: generation ${event.generation}`;
    case 'done':
      return 'done';
    case 'cancelled':
      return 'cancelled';
    case 'error':
      return `failed: ${event.error}`;
    default:
      return null;
  }
}

// Starts a job (POST that answers {job}) and calls onEvent(event) for each of its events until
// the last ("done", "error" or "cancelled"); `options.status`, an element, shows jobStatus(event)
// as they come. Returns {id, cancel(), close()}: cancel() asks the server to stop the job (a
// queued one leaves the queue at once) and its "cancelled" event follows; close() stops
// listening, and the server cancels a job whose stream is closed. A page that no longer needs a
// job calls one of them.
export async function startJob(path, body, onEvent, options = {}) {
  const started = await post(path, body);
  const source = new EventSource(started.events);
  let finished = false;
  const show = (event) => {
    const text = jobStatus(event);
    if (options.status && text !== null) options.status.textContent = text;
  };
  source.onmessage = (message) => {
    const event = JSON.parse(message.data);
    if (['done', 'error', 'cancelled'].includes(event.type)) {
      finished = true;
      source.close();
    }
    show(event);
    onEvent(event);
  };
  source.onerror = () => {
    if (!finished) {
      finished = true;
      source.close();
      const lost = { type: 'error', error: 'the connection to the server was lost' };
      show(lost);
      onEvent(lost);
    }
  };
  return {
    id: started.job,
    cancel: async () => {
      if (!finished) await post(`/api/jobs/${started.job}/cancel`).catch(() => {});
    },
    close: () => {
      finished = true;
      source.close();
    },
  };
}
