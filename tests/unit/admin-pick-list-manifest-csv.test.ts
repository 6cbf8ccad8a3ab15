// The courier manifest's CSV cells: quotes, commas and line breaks escaped; spreadsheet formulas
// neutralised.
import { csvCell, toCsv } from "~/admin/packing/csv";

describe("csvCell", () => {
  it("leaves plain text alone and writes null as empty", () => {
    expect(csvCell("Haymarket")).toBe("Haymarket");
    expect(csvCell(null)).toBe("");
    expect(csvCell(2000)).toBe("2000");
  });
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell('Leave at "back" door, please')).toBe('"Leave at ""back"" door, please"');
    expect(csvCell("Gate code\n1234")).toBe('"Gate code\n1234"');
  });
  it("neutralises spreadsheet formulas", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+61412345678")).toBe("'+61412345678");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("=1,2")).toBe(`"'=1,2"`);
  });
  it("ends every row with CRLF", () => {
    expect(
      toCsv([
        ["a", "b"],
        ["c", null],
      ]),
    ).toBe("a,b\r\nc,\r\n");
  });
});
