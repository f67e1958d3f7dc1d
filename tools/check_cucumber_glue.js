// Reads kubeloop's glue file the way the Cucumber language server does and reports what it
// makes of step texts and feature files. Used by tests/harness/test_cucumber_glue.py.
//   node tools/check_cucumber_glue.js NODE_MODULES GLUE.js INPUT.json
// INPUT.json: {"texts": ["3 nodes", ...], "features": {"name.feature": "Feature: ..."},
//              "first": [[expression source, ...] per text]} ("first" optional: see below)
// Prints {"errors": [...], "expressions": N, "defined": [bool per text],
//         "undefined": {"name.feature": [line, ...]}}.
const fs = require('fs')
const path = require('path')

async function main() {
  const [modules, gluePath, inputPath] = process.argv.slice(2)
  const service = require(path.join(modules, '@cucumber/language-service'))
  const { WasmParserAdapter } = require(path.join(modules, '@cucumber/language-service/wasm'))
  const adapter = new WasmParserAdapter(
    path.join(modules, '@cucumber/language-service/dist')
  )
  await adapter.init()
  const glue = { languageName: 'javascript', uri: 'file://' + gluePath,
                 content: fs.readFileSync(gluePath, 'utf8') }
  const built = new service.ExpressionBuilder(adapter).build([glue], [])
  const expressions = built.expressionLinks.map((link) => link.expression)
  const input = JSON.parse(fs.readFileSync(inputPath, 'utf8'))
  // A text is defined when some expression matches it. The sources a text's "first" names
  // (those kubeloop's own matcher points to) are tried before every expression in file
  // order: the same expressions in another order give the same answer, but a defined text
  // is found after one match rather than after the thousands of expressions above its own.
  const bySource = new Map()
  for (const e of expressions) bySource.set(e.source, [...(bySource.get(e.source) || []), e])
  const first = input.first || []
  const matches = (e, text) => e.match(text) !== null
  const defined = input.texts.map((text, index) =>
    (first[index] || []).some((s) => (bySource.get(s) || []).some((e) => matches(e, text))) ||
    expressions.some((e) => matches(e, text)))
  const undefinedLines = {}
  for (const [name, source] of Object.entries(input.features || {})) {
    undefinedLines[name] = service.getGherkinDiagnostics(source, expressions)
      .filter((d) => d.message.startsWith('Undefined step'))
      .map((d) => d.range.start.line + 1)
  }
  const errors = built.errors.map((e) => String(e.message || e))
  console.log(JSON.stringify({ errors, expressions: expressions.length, defined,
                               undefined: undefinedLines }))
}

main().catch((error) => { console.error(error); process.exit(1) })
