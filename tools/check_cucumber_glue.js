// Reads kubeloop's glue file the way the Cucumber language server does and reports what it
// makes of step texts and feature files. Used by tests/harness/test_cucumber_glue.py.
//   node tools/check_cucumber_glue.js NODE_MODULES GLUE.js INPUT.json
// INPUT.json: {"texts": ["3 nodes", ...], "features": {"name.feature": "Feature: ..."}}
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
  const defined = input.texts.map((text) => expressions.some((e) => e.match(text) !== null))
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
