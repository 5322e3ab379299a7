import nodemailer from 'nodemailer';

/** Sends one email; resolves once the SMTP server accepted it. */
export type SendMail = (message: { to: string; subject: string; text: string }) => Promise<void>;

/** A mailer over SMTP_URL (smtp:// or smtps://, credentials in the URL), or undefined when none is configured. */
export function createMailer(smtpUrl: string | undefined, from: string): SendMail | undefined {
  if (!smtpUrl) return undefined;
  const transport = nodemailer.createTransport(smtpUrl);
  return async (message) => {
    await transport.sendMail({ from, ...message });
  };
}

/** The invite email: plain text with the sign-up link. */
export const inviteMail = (email: string, url: string) => ({
  to: email,
  subject: 'You are invited to Meshdeck',
  text: `You have been invited to join Meshdeck.\n\nSign up here: ${url}\n\nIf you did not expect this, ignore this email.\n`,
});
