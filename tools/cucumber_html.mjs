// Render a Cucumber Messages stream (NDJSON on stdin) with the official
// @cucumber/html-formatter, as Cucumber's own runners do: HTML on stdout.
//   NODE_PATH=<folder>/node_modules node tools/cucumber_html.mjs < messages.ndjson > cucumber.html
import { createRequire } from 'node:module'
import path from 'node:path'
import readline from 'node:readline'

const require = createRequire(path.join(process.env.NODE_PATH || '.', 'noop.js'))
const { CucumberHtmlStream } = await import(require.resolve('@cucumber/html-formatter'))

const html = new CucumberHtmlStream()
html.pipe(process.stdout)
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (line.trim()) html.write(JSON.parse(line))
}
html.end()
