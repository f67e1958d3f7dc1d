// Render kubeloop's cucumber.json with cucumber-html-reporter (the bootstrap theme), as a
// team's CI would:  NODE_PATH=<folder>/node_modules node tools/cucumber_html_reporter.cjs IN OUT
const reporter = require('cucumber-html-reporter')

reporter.generate({
  theme: 'bootstrap',
  jsonFile: process.argv[2],
  output: process.argv[3],
  reportSuiteAsScenarios: true,
  launchReport: false,
  storeScreenshots: false,
  noInlineScreenshots: true,
})
