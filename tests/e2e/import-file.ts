/** Imports a JSON export the way a user does: Settings → "Import a Ninekeeper JSON export…". */
import { expect, type Page } from '@playwright/test'

export async function importThroughSettings(
  page: Page,
  appUrl: string,
  content: string,
  fileName = 'club.json',
): Promise<void> {
  await page.goto(`${appUrl}#/settings`)
  await page
    .getByLabel('Import a Ninekeeper JSON export…')
    .setInputFiles({ name: fileName, mimeType: 'application/json', buffer: Buffer.from(content, 'utf8') })
  await expect(page.getByText(new RegExp(`Imported ${fileName.replace('.', '\\.')}:`))).toBeVisible()
}
