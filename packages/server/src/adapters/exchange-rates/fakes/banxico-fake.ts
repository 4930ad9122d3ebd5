import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local fake of Banco de México's SIE API (the part the rates adapter uses): GET /series/{id}/datos/{from}/{to} with
 * the Bmx-Token header, answering { bmx: { series: [{ idSerie, titulo, datos: [{ fecha: "dd/mm/yyyy", dato }] }] } }
 * with the days in range it was given rates for ("N/E" on the days without one, as Banxico does), 401 without the token.
 */
export interface BanxicoFake {
  url: string;
  /** Publishes a series' rate for a day (yyyy-mm-dd); "N/E" marks a day without one. */
  publish(series: string, day: string, rate: string): void;
  requests: { path: string; token?: string }[];
  close(): Promise<void>;
}

export async function startBanxicoFake(options: { token: string }): Promise<BanxicoFake> {
  const published = new Map<string, Map<string, string>>();
  const requests: BanxicoFake["requests"] = [];
  const server = createServer((incoming, response) => {
    const url = new URL(incoming.url ?? "/", "http://fake.local");
    const token = incoming.headers["bmx-token"];
    requests.push({ path: url.pathname, token: typeof token === "string" ? token : undefined });
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(value));
    };
    if (token !== options.token) return json(401, { error: { mensaje: "Token inválido" } });
    const match = /^\/series\/([A-Z0-9]+)\/datos\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/.exec(url.pathname);
    if (incoming.method !== "GET" || !match) return json(404, { error: { mensaje: "No encontrado" } });
    const [, series, from, to] = match;
    const days = [...(published.get(series) ?? new Map<string, string>()).entries()]
      .filter(([day]) => day >= from && day <= to)
      .sort(([a], [b]) => a.localeCompare(b));
    const datos = days.map(([day, dato]) => {
      const [year, month, date] = day.split("-");
      return { fecha: `${date}/${month}/${year}`, dato };
    });
    return json(200, { bmx: { series: [{ idSerie: series, titulo: "Tipo de cambio", datos }] } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    publish(series, day, rate) {
      const days = published.get(series) ?? new Map<string, string>();
      days.set(day, rate);
      published.set(series, days);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
