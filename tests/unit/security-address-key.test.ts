// The key of every per-address limit (issue 34 item 5): IPv6 by /64, IPv4-mapped as IPv4.
import { addressKey } from "~/security/address-key";

describe("addressKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("127.0.0.1")).toBe("127.0.0.1");
  });

  it("counts every address of one IPv6 /64 as one client, whatever its spelling", () => {
    const key = "2001:db8:1:2::/64";
    for (const ip of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0:0:0:9",
      "2001:db8:1:2:a:b:c:d",
      "2001:db8:1:2::a:b",
      "2001:db8:1:2::1.2.3.4",
    ]) {
      expect(addressKey(ip), ip).toBe(key);
    }
  });

  it("keeps neighbouring /64s apart", () => {
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("2001:db8:1::1")).toBe("2001:db8:1:0::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("reads an IPv4-mapped IPv6 address, dotted or in hex, as its IPv4 address", () => {
    expect(addressKey("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(addressKey("::FFFF:c633:6404")).toBe("198.51.100.4");
    expect(addressKey("0:0:0:0:0:ffff:c633:6404")).toBe("198.51.100.4");
    // not mapped: only ::ffff:0:0/96 is
    expect(addressKey("::fffe:c633:6404")).toBe("0:0:0:0::/64");
  });

  it("leaves a value that is no address alone", () => {
    expect(addressKey("unknown")).toBe("unknown");
    expect(addressKey("")).toBe("");
  });
});
