// The V8 profiler of a bench's server process, reached over the DevTools protocol (`--inspect`).
/** The V8 profiler of a process started with --inspect, over the DevTools protocol. */
export class Inspector {
  #socket: WebSocket;
  #next = 1;
  #waiting = new Map<number, (result: unknown) => void>();
  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
      if (message.id) this.#waiting.get(message.id)?.(message.result);
    });
  }
  static async open(port: number) {
    const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      webSocketDebuggerUrl: string;
    }[];
    const socket = new WebSocket(target!.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      socket.addEventListener("open", resolve);
      socket.addEventListener("error", reject);
    });
    const inspector = new Inspector(socket);
    await inspector.send("Profiler.enable");
    return inspector;
  }
  send(method: string, params: object = {}) {
    const id = this.#next++;
    this.#socket.send(JSON.stringify({ id, method, params }));
    return new Promise<unknown>((resolve) => this.#waiting.set(id, resolve));
  }
  close() {
    this.#socket.close();
  }
}
