#!/usr/bin/python3
"""A note shown and hidden by its condition, live, in headless Chromium.

Usage: /usr/bin/python3 Tests/Browser/note_page.py URL FORMCTL DB

URL is what `formctl serve` printed for DB, whose form has a boolean
`consent` and a note `thanks` shown only when consent is true. A note has
no control, so the page's script keeps no entry for it among the fields:
the checks are that `formctl set consent true` in another process shows
it without a reload, and `set consent false` hides it again.

Each check prints a line; the last line is "N checks passed", and the exit
status is 0, or 1 at the first failing check.
Run by Tests/EndToEndTests/ServeBrowserTests.swift.
"""

import sys

from browser_support import check, chromium, passed, run, run_formctl, wait
from selenium.webdriver.common.by import By

URL, FORMCTL, DB = sys.argv[1], sys.argv[2], sys.argv[3]
DEADLINE = 60.0
drivers = []


def note_shown(driver):
    return driver.find_element(By.CSS_SELECTOR, '.field[data-key="thanks"]').is_displayed()


def main():
    driver = chromium(1280, 900)
    drivers.append(driver)
    driver.get(URL)
    wait(driver, lambda d: d.execute_script("return document.documentElement.classList.contains('live')"),
         "the page's script runs and its event stream is open", DEADLINE)
    check(not note_shown(driver), "the note is hidden while consent is not given")
    driver.execute_script("window.formctlMark = 'not reloaded';")
    run_formctl(FORMCTL, DB, "set", "consent", "true")
    wait(driver, note_shown, "formctl set consent true shows the note", DEADLINE)
    check(driver.execute_script("return window.formctlMark") == "not reloaded", "without reloading the page")
    run_formctl(FORMCTL, DB, "set", "consent", "false")
    wait(driver, lambda d: not note_shown(d), "formctl set consent false hides it again", DEADLINE)
    print(f"{passed()} checks passed", flush=True)


run(main, drivers)
