// Screenshots of the customer-care pages at 390 and 1440 px into /tmp/shots-care (js project, SHOTS set).
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { jsEnabled } from "./fixtures";

export async function shoot(page: Page, name: string) {
  if (!process.env.SHOTS || !jsEnabled()) return;
  fs.mkdirSync("/tmp/shots-care", { recursive: true });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/shots-care/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
