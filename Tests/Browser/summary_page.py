#!/usr/bin/python3
"""The owner's summary page of `formctl serve --collect`, live, in headless Chromium.

Usage: /usr/bin/python3 Tests/Browser/summary_page.py OWNER_URL FORMCTL DB

OWNER_URL is the owner's link `formctl serve --collect` printed
(`/owner?token=T`), FORMCTL the binary and DB the database it serves:
Examples/forms/survey.yaml with a few complete responses (those of
Examples/responses/survey.sh).

The checks: the owner's page links the summary; the summary shows every
question's chart as an SVG with a title and a table; a response submitted
by another process (`formctl submit`) redraws it while it is open, without
reloading the page (a mark left on the window survives), the count, the
table and the SVG's description changing; a response deleted
(`formctl responses delete`) redraws it again; and the page, as it is
drawn then, has no element whose id is given twice.

Each check prints a line; the last line is "N checks passed", and the exit
status is 0, or 1 at the first failing check.
Run by Tests/EndToEndTests/SummaryPageBrowserTests.swift.
"""

import json
import os
import subprocess
import sys
import tempfile

from browser_support import check, chromium, passed, run, run_formctl, wait as wait_until
from selenium.webdriver.common.by import By

OWNER_URL, FORMCTL, DB = sys.argv[1], sys.argv[2], sys.argv[3]
DEADLINE = 90.0
drivers = []


def wait(driver, condition, what, timeout=DEADLINE):
    """Waits until condition(driver) is truthy; a timeout is a failed check."""
    return wait_until(driver, condition, what, timeout, poll=0.05)


def heading(driver):
    return driver.find_element(By.ID, "summary-heading").text.strip()


def colour_row(driver, label):
    """The colour question's table row for choice `label`: its count and share."""
    return driver.execute_script("""
        for (const section of document.querySelectorAll('section.summary-chart')) {
          if (!section.querySelector('h2').textContent.includes('colour')) continue;
          for (const row of section.querySelectorAll('tbody tr')) {
            if (row.querySelector('th').textContent === arguments[0]) {
              return Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent);
            }
          }
        }
        return null;""", label)


def colour_description(driver):
    return driver.execute_script("""
        for (const section of document.querySelectorAll('section.summary-chart')) {
          if (section.querySelector('h2').textContent.includes('colour')) return section.querySelector('svg desc').textContent;
        }
        return null;""")


def submit(response):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(response, file)
    try:
        run_formctl(FORMCTL, DB, "submit", "--from", file.name)
    finally:
        os.unlink(file.name)


def main():
    driver = chromium(1280, 900)
    drivers.append(driver)
    driver.get(OWNER_URL)
    link = wait(driver, lambda d: d.find_elements(By.LINK_TEXT, "Summary of the responses"), "the owner's page links the summary")
    link[0].click()
    wait(driver, lambda d: d.execute_script("return location.pathname") == "/owner/summary", "the link opens /owner/summary")
    wait(driver, lambda d: d.execute_script("return document.documentElement.classList.contains('live')"),
         "the summary's script runs and its event stream is open")

    before = int(driver.find_element(By.TAG_NAME, "main").get_attribute("data-responses"))
    check(heading(driver) == f"Summary of {before} complete responses", f"the heading counts the {before} responses")
    sections = driver.find_elements(By.CSS_SELECTOR, "section.summary-chart")
    svgs = driver.find_elements(By.CSS_SELECTOR, "section.summary-chart svg[role=img]")
    tables = driver.find_elements(By.CSS_SELECTOR, "section.summary-chart table")
    check(len(sections) >= 8 and len(svgs) == len(tables) >= 7,
          f"a section per question, each chart an SVG with a table ({len(sections)} sections, {len(svgs)} SVGs, {len(tables)} tables)")
    check(all(svg.find_element(By.TAG_NAME, "title").get_attribute("textContent") for svg in svgs), "every chart has a title")
    blue = colour_row(driver, "blue")
    check(blue is not None, f"the colour table has a row for blue: {blue}")
    blue_before = int(blue[0])

    driver.execute_script("window.formctlMark = 'not reloaded';")
    submit({"name": "Dennis", "age": 70, "laptop": True, "colour": "blue", "toppings": ["olives"],
            "start": "2026-03-30", "call": "09:30"})
    wait(driver, lambda d: heading(d) == f"Summary of {before + 1} complete responses",
         "a response submitted by another process redraws the open summary")
    check(driver.execute_script("return window.formctlMark") == "not reloaded", "without reloading the page")
    after = colour_row(driver, "blue")
    check(after is not None and int(after[0]) == blue_before + 1, f"blue's count went from {blue_before} to {blue_before + 1}: {after}")
    check(f"blue: {blue_before + 1} · " in (colour_description(driver) or ""), "and so did the chart's description")
    status = driver.find_element(By.ID, "summary-status").text
    check(status.startswith("Drawn again at "), f"the status line says it was drawn again: {status!r}")

    listed = json.loads(run_formctl(FORMCTL, DB, "responses", "--format", "json"))
    newest = max(response["id"] for response in listed)
    run_formctl(FORMCTL, DB, "responses", "delete", str(newest))
    wait(driver, lambda d: heading(d) == f"Summary of {before} complete responses", "a response deleted redraws it again")
    again = colour_row(driver, "blue")
    check(again is not None and int(again[0]) == blue_before, f"blue's count is back to {blue_before}: {again}")
    duplicates = driver.execute_script("""
        const seen = new Set(), twice = [];
        for (const element of document.querySelectorAll('[id]')) {
          if (seen.has(element.id)) twice.push(element.id);
          seen.add(element.id);
        }
        return twice;""")
    check(not duplicates, f"no id is given twice after redrawing: {duplicates}")
    print(f"{passed()} checks passed", flush=True)


run(main, drivers)
