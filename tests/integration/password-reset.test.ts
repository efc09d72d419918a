import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  logIn,
  requestPasswordReset,
  resetPassword,
  signUpCustomer,
} from "~/features/accounts/accounts.server.ts";
import { MESSAGES } from "~/features/accounts/messages.ts";
import { CLIENT_IP_HEADER } from "~/server/auth.server.ts";
import { customerInput } from "../setup/factories.ts";
import { resetLinkIn } from "../setup/mail-text.ts";
import { startSmtpListener } from "../setup/smtp-listener.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let services: TestServices;

beforeAll(async () => {
  smtp = await startSmtpListener();
  services = await createTestServices();
});
afterAll(async () => {
  await services.close();
  await smtp.close();
});

const freshServicesWithSmtp = (smtpUrl: string) => createTestServices({ SMTP_URL: smtpUrl });

const login = (s: TestServices, email: unknown, password: string) =>
  logIn(s, { email, password }, { headers: new Headers(), ip: "127.0.0.1" });

describe("password reset by email", () => {
  it("mails a single-use link through a real SMTP server, and the new password works", async () => {
    const real = await freshServicesWithSmtp(smtp.url);
    try {
      const customer = customerInput();
      await signUpCustomer(real, customer, new Headers());
      expect(await requestPasswordReset(real, { email: customer.email })).toEqual({ ok: true });

      const mail = smtp.messages.find((m) => m.to.includes(String(customer.email)));
      expect(mail).toBeDefined();
      const link = resetLinkIn(mail!.raw);
      expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
      const token = new URL(link!).searchParams.get("token")!;

      expect(
        await resetPassword(real, { token, password: "brand-new-pass", confirmPassword: "brand-new-pass" }),
      ).toEqual({ ok: true });
      expect(await login(real, customer.email, "brand-new-pass")).toMatchObject({ ok: true });
      expect(await login(real, customer.email, String(customer.password))).toMatchObject({ ok: false });

      // Used once: the same link is refused.
      expect(
        await resetPassword(real, { token, password: "another-pass-1", confirmPassword: "another-pass-1" }),
      ).toMatchObject({
        ok: false,
        message: MESSAGES.resetInvalid,
      });
    } finally {
      await real.close();
    }
  });

  it("answers 'Email was sent' for an unknown address and sends nothing", async () => {
    const before = services.outbox.length;
    expect(await requestPasswordReset(services, { email: "nobody-here@example.com" })).toEqual({ ok: true });
    expect(services.outbox.length).toBe(before);
  });

  it("refuses an expired link", async () => {
    const customer = customerInput();
    await signUpCustomer(services, customer, new Headers());
    await requestPasswordReset(services, { email: customer.email });
    const token = new URL(resetLinkIn(services.outbox.at(-1)!.text)!).searchParams.get("token")!;
    const past =
      services.database.dialect === "postgres"
        ? new Date(Date.now() - 1000)
        : new Date(Date.now() - 1000).toISOString();
    await services.database.db
      .updateTable("verification")
      .set({ expiresAt: past })
      .where("identifier", "=", `reset-password:${token}`)
      .execute();
    expect(
      await resetPassword(services, { token, password: "brand-new-pass", confirmPassword: "brand-new-pass" }),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: MESSAGES.resetInvalid,
    });
    expect(await login(services, customer.email, String(customer.password))).toMatchObject({ ok: true });
  });

  it("checks the two new passwords match before anything changes", async () => {
    const result = await resetPassword(services, {
      token: "whatever",
      password: "brand-new-pass",
      confirmPassword: "different-pass",
    });
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(!result.ok && result.fieldErrors?.confirmPassword).toBe("New passwords do not match.");
  });

  it("says 'Could not sent reset password' when the mail server is down", async () => {
    const broken = await freshServicesWithSmtp("smtp://127.0.0.1:1");
    try {
      const customer = customerInput();
      await signUpCustomer(broken, customer, new Headers());
      expect(await requestPasswordReset(broken, { email: customer.email })).toMatchObject({
        ok: false,
        message: MESSAGES.resetFailed,
      });
    } finally {
      await broken.close();
    }
  });
});

/** A web request as server/http-app.ts hands it on: with the client address it read. */
const fromClient = (ip: string) => new Headers({ [CLIENT_IP_HEADER]: ip });

describe("reset-mail limits (ADR 0016, 0031)", () => {
  it("mails every one of a busy restaurant's 30 guests who ask from its one Wi-Fi address (the default limits)", async () => {
    const guests: string[] = [];
    for (let i = 0; i < 30; i++) {
      const guest = customerInput();
      await signUpCustomer(services, guest, new Headers());
      guests.push(String(guest.email));
    }
    const wifi = fromClient("203.0.113.78");
    const results = [];
    for (const email of guests) results.push(await requestPasswordReset(services, { email }, wifi));
    expect(results.filter((r) => r.ok)).toHaveLength(30);
    expect(services.outbox.filter((m) => guests.includes(m.to))).toHaveLength(30);
  });

  it("mails one address at most RESET_MAIL_MAX_PER_EMAIL times, whatever the client, then says 'Too many attempts'", async () => {
    const limited = await createTestServices({ RESET_MAIL_MAX_PER_EMAIL: "2" });
    try {
      const customer = customerInput();
      await signUpCustomer(limited, customer, new Headers());
      const results = [];
      for (const ip of ["192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4"]) {
        results.push(await requestPasswordReset(limited, { email: customer.email }, fromClient(ip)));
      }
      expect(results.slice(0, 2)).toEqual([{ ok: true }, { ok: true }]);
      for (const refused of results.slice(2)) {
        expect(refused).toMatchObject({ ok: false, status: 429, message: MESSAGES.tooMany });
      }
      expect(limited.outbox.filter((m) => m.to === customer.email)).toHaveLength(2);
      // An unknown address meets the same limit, so the answer tells nothing about accounts.
      const nobody = { email: "nobody-at-all@example.com" };
      await requestPasswordReset(limited, nobody);
      await requestPasswordReset(limited, nobody);
      expect(await requestPasswordReset(limited, nobody)).toMatchObject({ status: 429 });
    } finally {
      await limited.close();
    }
  });

  it("refuses more reset requests from one client than RESET_MAIL_MAX_PER_IP, in parallel too", async () => {
    const limited = await createTestServices({ RESET_MAIL_MAX_PER_IP: "3", RESET_MAIL_MAX_PER_EMAIL: "100" });
    try {
      const customer = customerInput();
      await signUpCustomer(limited, customer, new Headers());
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          requestPasswordReset(limited, { email: customer.email }, fromClient("192.0.2.50")),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(17);
      expect(limited.outbox).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});
