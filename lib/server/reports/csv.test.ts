import { describe, expect, it } from "vitest";
import { csvCell, csvLine, csvStream } from "./csv";

describe("CSV cells", () => {
  it("quotes what would break a row and doubles the quotes inside", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a, b")).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(" padded")).toBe('" padded"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
    expect(csvCell(-330)).toBe("-330");
  });

  it("keeps a text that a spreadsheet would run as a formula as text", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvLine(["a", "=1+1", 3])).toBe("a,'=1+1,3\r\n");
  });
});

describe("a CSV stream", () => {
  it("sends the header, then asks for one page at a time until a page says it was the last", async () => {
    const asked: (number | null)[] = [];
    const stream = csvStream<number>(["n"], (cursor) => {
      asked.push(cursor);
      const from = cursor ?? 0;
      return Promise.resolve({ lines: [[from + 1], [from + 2]], next: from + 2 < 6 ? from + 2 : null });
    });
    // Decoded keeping the byte-order mark, which Response.text() would drop.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
    expect(text).toBe("\uFEFFn\r\n1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n");
    expect(asked).toEqual([null, 2, 4]);
  });

  it("stops asking when the reader goes away", async () => {
    let pages = 0;
    const stream = csvStream<number>(["n"], () => {
      pages += 1;
      return Promise.resolve({ lines: [[pages]], next: pages });
    });
    const reader = stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    const after = pages;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pages).toBe(after);
    expect(pages).toBeLessThanOrEqual(2);
  });
});
