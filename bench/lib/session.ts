// A benchmark session: a temporary data folder, the app started from the build
// on one free port, and the fixture made through its forms. The app can be
// restarted on the same data and port (e.g. with PAGE_CACHE=off) so every run
// serves the same pages. close() stops it and deletes the data.
import { freePort, makeDataDir, removeDataDir, startApp, type AppServer } from "./app-server.ts";
import { createFixture, type Fixture } from "./fixture.ts";

export interface BenchSession {
  app: AppServer;
  fixture: Fixture;
  /** Stops the app and starts it again on the same data and port, with these env vars. */
  restart(env?: Record<string, string>): Promise<AppServer>;
  close(): Promise<void>;
}

export async function openSession(
  log: (line: string) => void,
  /** Keep the app's log (warnings and errors) in app.output(), for a test that shows it on failure. */
  options: { captureStdout?: boolean } = {},
): Promise<BenchSession> {
  const dataDir = makeDataDir();
  let app: AppServer | undefined;
  const close = async () => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await app?.stop();
    app = undefined;
    removeDataDir(dataDir);
  };
  const onSignal = () => {
    void close().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const port = await freePort();
    app = await startApp({ dataDir, port, captureStdout: options.captureStdout });
    log(`app on ${app.url}; making the fixture through its forms…`);
    const started = Date.now();
    const fixture = await createFixture(app.url, log);
    log(`fixture ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const session: BenchSession = {
      app,
      fixture,
      async restart(env = {}) {
        await app?.stop();
        app = await startApp({ dataDir, port, env });
        session.app = app;
        return app;
      },
      close,
    };
    return session;
  } catch (error) {
    await close();
    throw error;
  }
}
