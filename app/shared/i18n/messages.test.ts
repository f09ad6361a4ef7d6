import { describe, expect, it, vi } from "vitest";
import { loadMessages } from "./messages.ts";

describe("loadMessages", () => {
  it("loads the bundled messages of a language", async () => {
    const { language, messages } = await loadMessages("vi", "common");
    expect(language).toBe("vi");
    expect((messages.errors as { notFound: { message: string } }).notFound.message).toBe("Không tìm thấy trang");
  });

  it("logs a failure and falls back to en-US", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const loaders = {
      "../../../locales/vi/common.json": () => Promise.reject(new Error("offline")),
      "../../../locales/en-US/common.json": () => Promise.resolve({ default: { hello: "Hello" } }),
    };
    const result = await loadMessages("vi", "common", loaders);
    expect(result).toEqual({ language: "en-US", messages: { hello: "Hello" } });
    expect(logged).toHaveBeenCalledWith("Failed to load messages vi/common", expect.any(Error));
  });

  it("returns no messages rather than looping when the fallback fails too", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await loadMessages("vi", "common", {});
    expect(result).toEqual({ language: "en-US", messages: {} });
  });
});
