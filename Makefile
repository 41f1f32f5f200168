# Tabula: `make serve` builds the site and serves it on http://127.0.0.1:8000;
# `make test` runs the whole test suite (engine and browser). Both install what they need.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium
PORT ?= 8000

.PHONY: serve test site bench bench-browser lint chromium clean

serve: site
	$(PY) tools/serve.py --port $(PORT)

test: site chromium
	$(PY) -m pytest

site: $(VENV)/.installed node_modules/.installed
	$(PY) tools/build_site.py

bench: $(VENV)/.installed
	$(PY) -m py_engine bench

bench-browser: site chromium
	$(PY) tools/bench_browser.py

lint: $(VENV)/.installed node_modules/.installed
	$(VENV)/bin/ruff check py_engine tests tools web/engine
	$(VENV)/bin/mypy
	node_modules/.bin/tsc -p jsconfig.json

# The virtual environment: the pinned test tools and the engine as an editable package.
$(VENV)/.installed: requirements-test.txt pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Python 3.11 or newer is needed (set PYTHON=...)"; exit 1; }
	@test -x $(PY) || $(PYTHON) -m venv $(VENV) || \
		{ echo "could not create $(VENV): on Debian, apt-get install python3-venv"; exit 1; }
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps -e .
	@touch $@

# The pinned Pyodide runtime, PyScript and TypeScript (make lint type-checks the site's
# JavaScript), exactly as package-lock.json says.
node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null || { echo "npm is needed: on Debian, apt-get install npm"; exit 1; }
	npm ci --no-audit --no-fund
	@touch $@

# The browser tests drive Debian's Chromium (Playwright's own browser download is not used).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
		else \
			echo "$(CHROMIUM) is missing: install Debian's chromium (sudo apt-get install chromium)"; \
			exit 1; \
		fi; \
	fi

clean:
	rm -rf site node_modules $(VENV)
