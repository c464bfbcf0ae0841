# ESLint over the playground's browser modules (tools/web-lint/eslint.config.js): no undeclared
# or unused names, no HTML parsed from strings (innerHTML and its kin). ESLint is installed into
# tools/web-lint/ by scripts/install-deps --test.
add_test(NAME WebSite.PassesEslint
         COMMAND ${PROJECT_SOURCE_DIR}/tools/web-lint/lint ${PROJECT_SOURCE_DIR}/src/evoplay/web/site/js)
set_tests_properties(WebSite.PassesEslint PROPERTIES LABELS "web")
