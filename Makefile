# The two commands of the README, plus helpers. Everything runs in .venv, created if missing.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
PYTEST_NB := --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

.PHONY: install reproduce experiments test docs lab lint bench clean fuzz

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[all,test,docs]'
	# compile the fast solver's kernels into numba's cache (about a minute, once)
	$(BIN)/python -c 'from dominosa_lab.solvers.fast import warm_up; print(f"fast solver compiled in {warm_up():.0f} s")'
	touch $(STAMP)

install: $(STAMP)

## make reproduce: execute every notebook in place and regenerate figures/
reproduce: install
	$(BIN)/dominosa-lab reproduce

## make experiments: run every experiment, regenerating the CSVs in results/ that the notebooks read
experiments: install
	$(BIN)/dominosa-lab experiment all

## make test: ruff (make lint), the API reference (make docs), the unit tests, the doctests and the
## notebooks (nbval)
test: install lint docs
	$(BIN)/python -m pytest --doctest-modules $(PYTEST_NB) dominosa_lab tests notebooks

## make docs: the API reference from the docstrings into build/docs; any Sphinx warning fails it
docs: install
	$(BIN)/python -m sphinx -b html -E -W --keep-going -q docs build/docs

## make lab: JupyterLab rooted at the project (the notebooks' ../figures/ pictures are served), on the lesson
lab: install
	$(BIN)/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) --ServerApp.root_dir=$(CURDIR) notebooks/00_teaching_backtracking.ipynb

## make fuzz: the fuzz suite at FUZZ_EXAMPLES examples per test (CI runs 25; the default, about a
## million inputs in all), its three files side by side, counting the inputs tried and the crashes
## (any exception but a DominosaError) into build/fuzz-*.json, merged into build/fuzz.json and
## written as benchmarks/results/fuzz.md
FUZZ_EXAMPLES ?= 13500
FUZZ_FILES := api play cli
fuzz: install
	mkdir -p build
	pids=; for part in $(FUZZ_FILES); do \
		DOMINOSA_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) DOMINOSA_FUZZ_REPORT=build/fuzz-$$part.json \
		$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_fuzz_$$part.py & pids="$$pids $$!"; \
	done; failed=0; for pid in $$pids; do wait $$pid || failed=1; done; \
	$(BIN)/python -m tests.fuzzing build/fuzz.json $(FUZZ_FILES:%=build/fuzz-%.json) \
		--markdown benchmarks/results/fuzz.md && exit $$failed

lint: install
	$(BIN)/ruff check dominosa_lab tests benchmarks

bench: install
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	for script in benchmarks/bench_*.py; do $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
