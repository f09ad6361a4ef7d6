import type { Mail } from "./mailer.ts";

/**
 * Account mails, in Vietnamese with the English below it: the mail is sent before we know which
 * language the reader prefers on this device.
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function compose(to: string, subject: string, vi: string[], en: string[], url: string, appTitle: string): Mail {
  const text = [...vi, url, "", "—", "", ...en, url, "", appTitle].join("\n");
  const paragraph = (lines: string[]) => lines.map((line) => `<p>${escape(line)}</p>`).join("");
  const button = `<p><a href="${escape(url)}" style="display:inline-block;padding:10px 16px;background:#F15A22;color:#1c1e21;border-radius:6px;font-weight:600;text-decoration:none">${escape(url)}</a></p>`;
  const html = `<div style="font-family:sans-serif;line-height:1.5">${paragraph(vi)}${button}<hr>${paragraph(en)}${button}<p style="color:#4a5361">${escape(appTitle)}</p></div>`;
  return { to, subject, text, html };
}

export function passwordResetMail(to: string, url: string, appTitle: string): Mail {
  return compose(
    to,
    `Đặt lại mật khẩu · Reset your password — ${appTitle}`,
    [
      "Chào bạn,",
      "Có yêu cầu đặt lại mật khẩu cho tài khoản của bạn. Mở liên kết dưới đây trong vòng 1 giờ để chọn mật khẩu mới.",
      "Nếu không phải bạn yêu cầu, hãy bỏ qua thư này.",
    ],
    [
      "Hello,",
      "Someone asked to reset the password of your account. Open the link below within 1 hour to choose a new one.",
      "If it wasn't you, ignore this mail.",
    ],
    url,
    appTitle,
  );
}

export function verificationMail(to: string, url: string, appTitle: string): Mail {
  return compose(
    to,
    `Xác nhận email · Confirm your email — ${appTitle}`,
    ["Chào bạn,", "Mở liên kết dưới đây để xác nhận địa chỉ email của bạn."],
    ["Hello,", "Open the link below to confirm your email address."],
    url,
    appTitle,
  );
}
