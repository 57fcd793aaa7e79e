# Two entry points: `make demo` (the main job on the bundled examples) and `make test` (the whole suite).
# Each creates its own virtual environment with python3's venv and installs the project from this folder.
PYTHON ?= python3
DEMO_VENV := .venv-demo
TEST_VENV := .venv-test
DEMO_OUT := demo-report

.PHONY: demo test check-kernels cpu-model-table clean

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

# The four operators against real Ascend C headers (README, "Against the real headers"): ASCEND_HOME_PATH=<toolkit>
# or ASCENDC=<asc-devkit checkout> STUBS=<stub folder[:folder]>. Host headers for op_host / op_api: OPS_MATH=, OPBASE=,
# METADEF=, RUNTIME=, GE= checkouts (one release line) and/or ASCEND_HOME_PATH=; each source is compiled against one
# whole set. PARTS= narrows to kernel,host,api. Exit 0 all pass, 1 a source fails, 2 bad input or something unchecked.
CHECK_ARGS = $(if $(ASCEND_HOME_PATH),--ascend-home "$(ASCEND_HOME_PATH)") $(if $(ASCENDC),--ascendc "$(ASCENDC)") \
	$(if $(STUBS),--stubs "$(STUBS)") $(if $(OPS_MATH),--ops-math "$(OPS_MATH)") $(if $(OPBASE),--opbase "$(OPBASE)") \
	$(if $(METADEF),--metadef "$(METADEF)") $(if $(RUNTIME),--runtime "$(RUNTIME)") $(if $(GE),--ge "$(GE)") \
	$(if $(PARTS),--parts "$(PARTS)")

check-kernels: $(TEST_VENV)/.installed
	$(TEST_VENV)/bin/pip install --quiet --no-deps --force-reinstall ".[test]"
	$(TEST_VENV)/bin/python -m op_migrate.ops.common.header_check --ops-root "$(CURDIR)/ops" $(CHECK_ARGS)

# Regenerates ops/common/cpu_model/ascendc_api_table.json (what the CPU model is held to in CI) from real headers.
cpu-model-table: $(TEST_VENV)/.installed
	$(TEST_VENV)/bin/pip install --quiet --no-deps --force-reinstall ".[test]"
	$(TEST_VENV)/bin/python -m op_migrate.ops.common.header_check.api_table --ops-root "$(CURDIR)/ops" \
		--output "$(CURDIR)/ops/common/cpu_model/ascendc_api_table.json" \
		$(if $(ASCEND_HOME_PATH),--ascend-home "$(ASCEND_HOME_PATH)") $(if $(ASCENDC),--ascendc "$(ASCENDC)") \
		$(if $(STUBS),--stubs "$(STUBS)")

clean:
	rm -rf $(DEMO_VENV) $(TEST_VENV) $(DEMO_OUT) build *.egg-info
