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

// Starts a job (POST that answers {job}) and calls onEvent(event) for each of its events until
// the last ("done", "error" or "cancelled"). Returns {id, cancel()}; closing the stream (page
// left) makes the server cancel the job.
export async function startJob(path, body, onEvent) {
  const started = await post(path, body);
  const source = new EventSource(started.events);
  let finished = false;
  source.onmessage = (message) => {
    const event = JSON.parse(message.data);
    if (['done', 'error', 'cancelled'].includes(event.type)) {
      finished = true;
      source.close();
    }
    onEvent(event);
  };
  source.onerror = () => {
    if (!finished) {
      finished = true;
      source.close();
      onEvent({ type: 'error', error: 'the connection to the server was lost' });
    }
  };
  return {
    id: started.job,
    cancel: async () => {
      if (!finished) await post(`/api/jobs/${started.job}/cancel`).catch(() => {});
    },
    close: () => source.close(),
  };
}
