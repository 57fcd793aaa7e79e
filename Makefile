# Two entry points: `make demo` (the main job on the bundled examples) and `make test` (the whole suite).
# Each creates its own virtual environment with python3's venv and installs the project from this folder.
PYTHON ?= python3
DEMO_VENV := .venv-demo
TEST_VENV := .venv-test
DEMO_OUT := demo-report

.PHONY: demo test clean

$(DEMO_VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(DEMO_VENV)
	$(DEMO_VENV)/bin/pip install --quiet --upgrade pip
	$(DEMO_VENV)/bin/pip install --quiet ".[test]"
	touch $@

$(TEST_VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(TEST_VENV)
	$(TEST_VENV)/bin/pip install --quiet --upgrade pip
	$(TEST_VENV)/bin/pip install --quiet ".[test]"
	touch $@

# setuptools reuses build/ between installs, so a file renamed or deleted in the tree would still ship: start clean.
demo: $(DEMO_VENV)/.installed
	rm -rf build
	$(DEMO_VENV)/bin/pip install --quiet --no-deps --force-reinstall ".[test]"
	PATH="$(CURDIR)/$(DEMO_VENV)/bin:$$PATH" bash tests/demo.sh $(DEMO_OUT)

test: $(TEST_VENV)/.installed
	rm -rf build
	$(TEST_VENV)/bin/pip install --quiet --no-deps --force-reinstall ".[test]"
	$(TEST_VENV)/bin/pytest -n 2 -p no:cacheprovider

clean:
	rm -rf $(DEMO_VENV) $(TEST_VENV) $(DEMO_OUT) build *.egg-info .op-migrate-cache
