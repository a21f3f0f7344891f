import { describe, expect, it } from "vitest";
import {
  CHAT_PHONE_MAX_DIGITS,
  CHAT_PHONE_MIN_DIGITS,
  chatLink,
  chatPhoneErrorWhileTyping,
  chatVisibleOn,
  lettersAndSpaces,
  readChatPartner,
  validateChat,
  withCountryPrefix,
} from "./chat.ts";
import { maskChatPhone } from "./forms/masks.ts";

const texts = {
  chatNameRequired: "Nome é obrigatório",
  chatNameShort: "Nome deve ter pelo menos 2 caracteres",
  chatPhoneShort: "Telefone deve ter pelo menos 8 dígitos",
  chatPhoneLong: "Telefone muito longo",
};
const PHONE_OK = "(62) 99999-0000";

describe("§2 Layout rule — the chat widget is hidden on /login, /admin, /dashboard and /user", () => {
  it.each([
    "/login",
    "/login/",
    "/admin",
    "/admin/",
    "/admin/x",
    "/admin/leads/42",
    "/dashboard",
    "/dashboard/",
    "/user",
    "/user/",
    "/user/42",
    "/user/x/settings",
  ])("hides it on %j", (path) => {
    expect(chatVisibleOn(path)).toBe(false);
  });

  it.each(["pt", "en", "es"])("hides it behind the /%s language prefix", (lang) => {
    expect(chatVisibleOn(`/${lang}/login`)).toBe(false);
    expect(chatVisibleOn(`/${lang}/admin/x`)).toBe(false);
    expect(chatVisibleOn(`/${lang}/dashboard`)).toBe(false);
    expect(chatVisibleOn(`/${lang}/user/42`)).toBe(false);
  });

  it.each([
    "/",
    "/planos",
    "/blog",
    "/contato",
    "/teste-gratis/profissional",
    "/pt",
    "/en",
    "/es/",
    "/en/planos",
  ])("shows it on %j", (path) => {
    expect(chatVisibleOn(path)).toBe(true);
  });

  // Whole segments only: a path that merely begins with the same letters is another page.
  it.each([
    "/loginx",
    "/login-ajuda",
    "/administracao",
    "/dashboards",
    "/users-guide",
    "/usuarios",
    "/en/loginx",
  ])("shows it on %j (not a hidden segment)", (path) => {
    expect(chatVisibleOn(path)).toBe(true);
  });

  it("recognises only pt, en and es as language prefixes", () => {
    expect(chatVisibleOn("/fr/login")).toBe(true);
    expect(chatVisibleOn("/english/login")).toBe(true);
    expect(chatVisibleOn("/ptx/dashboard")).toBe(true);
  });
});

describe("§5 Validation rules — only letters and spaces are accepted while typing a name", () => {
  it("keeps accented letters and spaces", () => {
    expect(lettersAndSpaces("João Açaí")).toBe("João Açaí");
    expect(lettersAndSpaces("Ana Lúcia Conceição Müller")).toBe("Ana Lúcia Conceição Müller");
  });

  it("drops digits, punctuation, symbols and emoji", () => {
    expect(lettersAndSpaces("João123")).toBe("João");
    expect(lettersAndSpaces("Ana-Maria D'Ávila.")).toBe("AnaMaria DÁvila");
    expect(lettersAndSpaces("Zé 😀 Silva!")).toBe("Zé  Silva");
    expect(lettersAndSpaces("@#$%&*()1234567890")).toBe("");
  });

  it("keeps plain spaces only, not tabs or line breaks", () => {
    expect(lettersAndSpaces("Ana\tMaria\nSilva")).toBe("AnaMariaSilva");
  });
});

describe("§5 Validation rules — chat popup name: required, at least 2 characters", () => {
  it("accepts a valid name and phone without errors", () => {
    expect(validateChat("Jo", PHONE_OK, texts)).toEqual({});
    expect(validateChat("João Açaí", PHONE_OK, texts)).toEqual({});
  });

  it.each(["", "   ", "\t"])("requires the name (%j)", (nome) => {
    expect(validateChat(nome, PHONE_OK, texts)).toEqual({ nome: "Nome é obrigatório" });
  });

  it.each(["J", " J ", "  é"])("refuses a 1-character name (%j)", (nome) => {
    expect(validateChat(nome, PHONE_OK, texts)).toEqual({ nome: "Nome deve ter pelo menos 2 caracteres" });
  });

  it("counts the name after trimming", () => {
    expect(validateChat("  Zé  ", PHONE_OK, texts)).toEqual({});
  });
});

describe("§5 Validation rules — chat popup phone: 8 to 15 digits, the mask ignored", () => {
  it.each([
    ["", "empty"],
    ["1234567", "7 digits"],
    ["(62) 9999-0", "7 digits, masked"],
    ["()-- ", "punctuation only"],
  ])("refuses %j as too short (%s)", (telefone) => {
    expect(validateChat("Ana", telefone, texts)).toEqual({
      telefone: "Telefone deve ter pelo menos 8 dígitos",
    });
  });

  it.each([
    ["12345678", "8 digits"],
    ["1234-5678", "8 digits, masked"],
    ["(62) 99999-0000", "11 digits, masked"],
    ["123456789012345", "15 digits"],
    ["+55 (62) 99999-000000", "15 digits, masked"],
  ])("accepts %j (%s)", (telefone) => {
    expect(validateChat("Ana", telefone, texts)).toEqual({});
  });

  it.each([
    ["1234567890123456", "16 digits"],
    ["+55 (62) 99999-0000000", "16 digits, masked"],
  ])("refuses %j as too long (%s)", (telefone) => {
    expect(validateChat("Ana", telefone, texts)).toEqual({ telefone: "Telefone muito longo" });
  });

  it("reports both fields at once, with the catalogue's texts", () => {
    expect(validateChat("", "123", texts)).toEqual({
      nome: "Nome é obrigatório",
      telefone: "Telefone deve ter pelo menos 8 dígitos",
    });
    expect(
      validateChat("A", "1".repeat(16), {
        chatNameRequired: "name required",
        chatNameShort: "name short",
        chatPhoneShort: "phone short",
        chatPhoneLong: "phone long",
      }),
    ).toEqual({ nome: "name short", telefone: "phone long" });
  });
});

describe("§5 Validation rules — chat popup phone while typing: a 16th digit says 'Telefone muito longo'", () => {
  it("keeps the accepted range of decision 038: 8 to 15 digits", () => {
    expect([CHAT_PHONE_MIN_DIGITS, CHAT_PHONE_MAX_DIGITS]).toEqual([8, 15]);
  });

  it("clears the phone's error on every edit up to 15 digits (A §5: editing a field clears its error)", () => {
    for (const telefone of ["", "1", "1234567", "(62) 99999-0000", "123456789012345"]) {
      expect(chatPhoneErrorWhileTyping(telefone, texts), telefone).toBeUndefined();
    }
  });

  it("says 'Telefone muito longo' as soon as the field holds a 16th digit", () => {
    expect(chatPhoneErrorWhileTyping("1234567890123456", texts)).toBe("Telefone muito longo");
    expect(chatPhoneErrorWhileTyping("+1234567890123456", texts)).toBe("Telefone muito longo");
  });

  it("the masked field can hold 14 and 15 digits, accepted on submit", () => {
    for (const typed of ["35111999998888", "123411999998888"]) {
      const telefone = maskChatPhone(typed);
      expect(telefone.replace(/\D/g, "")).toBe(typed);
      expect(chatPhoneErrorWhileTyping(telefone, texts)).toBeUndefined();
      expect(validateChat("Ana", telefone, texts)).toEqual({});
    }
  });

  it("typing a 16th digit into the masked field is refused with 'Telefone muito longo', on typing and on submit", () => {
    const telefone = maskChatPhone(`${maskChatPhone("123411999998888")}7`);
    expect(telefone.replace(/\D/g, "")).toBe("1234119999988887");
    expect(chatPhoneErrorWhileTyping(telefone, texts)).toBe("Telefone muito longo");
    expect(validateChat("Ana", telefone, texts)).toEqual({ telefone: "Telefone muito longo" });
  });
});

describe("§7 Calls made — chat link with the number normalised to the 55 prefix and an encoded message", () => {
  it("adds the 55 country prefix to a masked local number", () => {
    expect(withCountryPrefix("(62) 99999-0000")).toBe("5562999990000");
    expect(withCountryPrefix("62999990000")).toBe("5562999990000");
  });

  it("keeps a number that already starts with 55", () => {
    expect(withCountryPrefix("5562999990000")).toBe("5562999990000");
    expect(withCountryPrefix("+55 (62) 99999-0000")).toBe("5562999990000");
  });

  it("builds the wa.me link with the message URL-encoded", () => {
    expect(chatLink("(62) 99999-0000", "Olá! Sou a Ana & quero saber mais? #1")).toBe(
      "https://wa.me/5562999990000?text=Ol%C3%A1!%20Sou%20a%20Ana%20%26%20quero%20saber%20mais%3F%20%231",
    );
  });

  it("encodes line breaks and keeps the text round-trippable", () => {
    const message = "Nome: João\nProtocolo: WPP-2024/001 = ok";
    const link = chatLink("5562999990000", message);
    expect(link).toBe(
      "https://wa.me/5562999990000?text=Nome%3A%20Jo%C3%A3o%0AProtocolo%3A%20WPP-2024%2F001%20%3D%20ok",
    );
    expect(new URL(link).searchParams.get("text")).toBe(message);
  });
});

describe("decision 129 — a partner's link tells the popup whom the chat is for", () => {
  const partner = { id: 7, nome: "Guaicurus Sistemas", cidade: "Campo Grande", estado: "MS", whatsapp: null };

  it("reads the partner, its number or null for the company's", () => {
    expect(readChatPartner(JSON.stringify(partner))).toEqual(partner);
    expect(readChatPartner(JSON.stringify({ ...partner, whatsapp: "5567984819091" }))?.whatsapp).toBe(
      "5567984819091",
    );
    // Anything but digits is not a number to open a chat with: the company's is used.
    expect(
      readChatPartner(JSON.stringify({ ...partner, whatsapp: "https://evil.example" }))?.whatsapp,
    ).toBeNull();
  });

  it.each([
    null,
    "",
    "{",
    "[]",
    "7",
    JSON.stringify({ ...partner, id: "7" }),
    JSON.stringify({ ...partner, id: 0 }),
    JSON.stringify({ ...partner, nome: " " }),
    JSON.stringify({ ...partner, cidade: 3 }),
  ])("no partner from %j: the popup is the company's", (value) => {
    expect(readChatPartner(value)).toBeNull();
  });
});
