#!/usr/bin/python3
"""Browser tests of `formctl serve`'s page, in headless Chromium (selenium).

Usage: /usr/bin/python3 Tests/Browser/serve_page.py URL FORMCTL DB

URL is the running server's (the first line `formctl serve --port 0`
prints), FORMCTL the binary, DB the database the server serves (a new seed
form). Each check prints a line; the last line is "N checks passed", and
the exit status is 0, or 1 at the first failing check. The screenshot of
the page mid-typing goes to $FORMCTL_SCREENSHOT when set.
Run by Tests/EndToEndTests/ServeBrowserTests.swift.
"""

import re
import json
import os
import subprocess
import sys
import time

from browser_support import check, chromium, passed, run, run_formctl, wait as wait_until
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

URL, FORMCTL, DB = sys.argv[1], sys.argv[2], sys.argv[3]
BASE = URL.split("?")[0].rstrip("/")
HOSTILE = "<script>alert(1)</script>\"'&"
PALETTE = {"red": "#ff3b30", "yellow": "#ffcc00", "green": "#34c759"}
drivers = []


def formctl(*arguments):
    return run_formctl(FORMCTL, DB, *arguments, timeout=30)


def browser(javascript=True):
    driver = chromium(javascript=javascript)
    drivers.append(driver)
    driver.get(URL)
    return driver


# A deadline, not a timing check: on a busy machine (both cores taken by
# other work) Chromium can take seconds to redraw, and a passing wait
# returns as soon as its condition holds.
DEADLINE = 60.0


def wait(driver, condition, what, timeout=DEADLINE):
    """Waits until condition(driver) is truthy; a timeout is a failed check."""
    return wait_until(driver, condition, what, timeout, poll=0.02)


def live(driver):
    """Waits until the page's script is running and its event stream is open
    (the page marks <html> with the class "live" when the stream opens)."""
    wait(driver, lambda d: d.execute_script("return document.documentElement.classList.contains('js')"),
         "the page's script runs")
    wait(driver, lambda d: d.execute_script("return document.documentElement.classList.contains('live')"),
         "the page's event stream is open")


def field(driver, key):
    return driver.find_element(By.ID, f"field-{key}")


def rect(driver, key, kind="field"):
    return driver.find_element(By.CSS_SELECTOR, f'#minimap rect[data-kind="{kind}"][data-key="{key}"]')


def rect_color(driver, key):
    element = rect(driver, key)
    return element.get_attribute("data-color"), element.get_attribute("fill")


def title(driver):
    return " ".join(driver.find_element(By.ID, "title").text.split())


def no_alert(driver):
    try:
        driver.switch_to.alert
        return False
    except NoAlertPresentException:
        return True


def main():
    started = time.monotonic()
    first = browser()
    second = browser()
    live(first)
    live(second)
    html = first.find_element(By.TAG_NAME, "html")
    check(html.get_attribute("lang") == "en" and html.get_attribute("dir") == "ltr", "<html lang dir>")
    label = first.find_element(By.CSS_SELECTOR, 'label[for="field-first"]')
    check(label.text == "First Name", "First Name's input has its <label for>")
    described = field(first, "first").get_attribute("aria-describedby")
    check(described and first.find_element(By.ID, described).text.startswith("empty"),
          "its state is tied with aria-describedby")
    check(field(first, "first").get_attribute("aria-invalid") is None,
          "an empty required field is not called invalid before anyone typed in it")
    check(rect_color(first, "first") == ("red", PALETTE["red"]), "First Name's minimap rect starts red")
    rects = first.find_elements(By.CSS_SELECTOR, "#minimap rect[data-key]")
    minimap = json.loads(formctl("minimap", "--format", "json"))
    check(len(rects) == len(minimap["rects"]), f"one <rect> per minimap_rect ({len(rects)})")

    # Typing "Ada": red -> yellow -> green, letter by letter, and the title
    # (both pages' event streams are open: live() above).
    box = field(first, "first")
    expected = {"A": "yellow", "Ad": "yellow", "Ada": "green"}
    typed = ""
    for letter in "Ada":
        box.send_keys(letter)
        typed += letter
        colour = expected[typed]
        wait(first, lambda d: rect_color(d, "first") == (colour, PALETTE[colour]),
             f'after "{typed}" First Name\'s rect is {colour}')
        if typed == "Ad":
            wait(first, lambda d: title(d) == "Hello Ad", 'the title follows: "Hello Ad"')
            shot = os.environ.get("FORMCTL_SCREENSHOT")
            if shot:
                time.sleep(0.2)  # let the colour transition finish
                check(first.find_element(By.TAG_NAME, "main").screenshot(shot), f"screenshot mid-typing saved to {shot}")
    wait(first, lambda d: title(d) == "Hello Ada", 'the title becomes "Hello Ada"')
    check(first.find_element(By.CSS_SELECTOR, '.field[data-key="first"] .state').text == "valid",
          "First Name's state reads valid")
    check(field(first, "first").get_attribute("aria-invalid") is None, "a valid field is not aria-invalid")
    wait(first, lambda d: d.find_element(By.ID, "announcer").get_attribute("textContent") == "First Name: valid",
         "once typing pauses, the live region says the field's new state")

    # The second browser sees the first one's typing.
    wait(second, lambda d: field(d, "first").get_attribute("value") == "Ada", "a second browser shows the value typed")
    wait(second, lambda d: title(d) == "Hello Ada", "and the title")
    wait(second, lambda d: rect_color(d, "first")[0] == "green", "and the green rect")
    check(json.loads(formctl("get", "first", "--json"))["value"] == "Ada", "formctl get reads what was typed")

    # formctl set from a shell appears in the page (how soon is measured by
    # Benchmarks/serve.sh's PUT -> event figures, not asserted here).
    before = time.monotonic()
    formctl("set", "last", "Lovelace")
    wait(first, lambda d: field(d, "last").get_attribute("value") == "Lovelace", "formctl set appears in the page")
    print(f"formctl set appeared after {(time.monotonic() - before) * 1000:.0f} ms, formctl's own run included")
    wait(first, lambda d: title(d) == "Hello Ada Lovelace", "the title follows formctl set")

    # Submit with empty required fields: the error summary at the top,
    # focused, each reason linking its field, which is now called invalid.
    first.find_element(By.CSS_SELECTOR, 'button[value="submit"]').click()
    outcome = wait(first, lambda d: d.find_element(By.ID, "outcome").text, "Submit shows an outcome")
    check("Middle Name is required" in outcome and "Email is required" in outcome,
          f"with empty required fields it gives check's reasons: {outcome!r}")
    check(first.switch_to.active_element.get_attribute("id") == "outcome", "the error summary has the focus")
    check(field(first, "middle").get_attribute("aria-invalid") == "true", "after a refused submit, Middle Name is aria-invalid")
    check(formctl("responses").strip() in ("", "no responses"), "nothing was stored")
    first.switch_to.active_element.send_keys(Keys.TAB)
    check(first.switch_to.active_element.get_attribute("data-key") == "middle", "Tab reaches the summary's first link")
    first.switch_to.active_element.send_keys(Keys.ENTER)
    check(first.switch_to.active_element.get_attribute("id") == "field-middle", "the summary's link focuses its field")

    # Filled in, it stores a response that formctl responses lists.
    first.switch_to.active_element.send_keys("Augusta")
    first.switch_to.active_element.send_keys(Keys.ENTER)
    check(first.switch_to.active_element.get_attribute("id") == "field-last", "Enter in a field moves to the next one")
    field(first, "email").send_keys("ada@example.org")
    field(first, "email").send_keys(Keys.ENTER)
    check(first.switch_to.active_element.get_attribute("value") == "submit",
          "Enter in the last field moves to Submit, and submits nothing")
    check(formctl("responses").strip() in ("", "no responses"), "Enter stored nothing")
    first.switch_to.active_element.send_keys(Keys.ENTER)  # Submit, from the keyboard
    outcome = wait(first, lambda d: "stored" in d.find_element(By.ID, "outcome").text and
                   d.find_element(By.ID, "outcome").text, "filled in, Submit stores a response")
    check(first.switch_to.active_element.get_attribute("id") == "outcome", "the confirmation has the focus")
    response_id = outcome.split("Response ", 1)[1].split(" ", 1)[0]
    listed = formctl("responses")
    check(response_id in listed and "Lovelace" in listed, f"formctl responses lists response {response_id}")
    for driver, name in ((first, "the first browser"), (second, "the second browser")):
        wait(driver, lambda d: all(field(d, key).get_attribute("value") == "" for key in ("first", "middle", "last", "email")),
             f"the form is cleared in {name}")

    # A hostile value is text everywhere and never runs.
    first.execute_script("window.__xss = undefined")
    field(first, "first").send_keys(HOSTILE)
    wait(second, lambda d: field(d, "first").get_attribute("value") == HOSTILE, "a hostile value reaches the second browser")
    formctl("set", "middle", '<img src=x onerror="window.__xss=1">')
    for driver, name in ((first, "typed"), (second, "live"), (browser(), "server-drawn")):
        live(driver)
        wait(driver, lambda d: title(d).startswith("Hello " + HOSTILE), f"{name}: the title shows the value as text")
        check(field(driver, "first").get_attribute("value") == HOSTILE, f"{name}: the input holds it as text")
        tooltip = driver.find_element(By.CSS_SELECTOR, '#minimap rect[data-kind="title"] > title')
        check(HOSTILE in tooltip.get_attribute("textContent"), f"{name}: the minimap's tooltip holds it as text")
        check(driver.title.startswith("Hello " + HOSTILE), f"{name}: so does the window title")
        check(no_alert(driver), f"{name}: no alert")
        check(driver.execute_script("return window.__xss") is None, f"{name}: no injected handler ran")
        check(len(driver.find_elements(By.CSS_SELECTOR, "img")) == 0, f"{name}: no injected element")
        scripts = [s.get_attribute("src") for s in driver.find_elements(By.TAG_NAME, "script")]
        check(len(scripts) == 1 and re.fullmatch(re.escape(BASE) + r"/assets/app\.[0-9a-f]{16}\.js", scripts[0]),
              f"{name}: the only script is /assets/app.HASH.js: {scripts}")

    # Seven pages: four tabs, More in the fifth place; a page behind More,
    # chosen with the keyboard, shows its fields.
    for number in range(2, 8):
        formctl("page", "add", f"p{number}", f"Page {number}")
    formctl("field", "add", "seventh", "Seventh field", "--page", "p7")
    first.get(URL)
    live(first)
    tabs = first.find_elements(By.CSS_SELECTOR, ".tabbar > ul > li")
    check(len(tabs) == 5 and tabs[4].text.startswith("More"), "the tab bar holds four tabs and More")
    summary = first.find_element(By.CSS_SELECTOR, ".tabbar details > summary")
    summary.send_keys(Keys.ENTER)
    link = first.find_element(By.LINK_TEXT, "Page 7")
    wait(first, lambda d: link.is_displayed(), "More opens from the keyboard and lists Page 7")
    link.send_keys(Keys.ENTER)
    wait(first, lambda d: "page=p7" in d.current_url, "choosing it shows page p7")
    live(first)
    check(first.find_element(By.CSS_SELECTOR, 'label[for="field-seventh"]').text == "Seventh field",
          "page p7's field is shown")
    check(len(first.find_elements(By.ID, "field-first")) == 0, "the first page's fields are not")
    check(json.loads(formctl("page", "list", "--json"))[0]["selected"], "choosing a page in a browser wrote nothing")

    # Without script: the plain form post saves and submits.
    plain = browser(javascript=False)
    check(not plain.execute_script("return document.documentElement.classList.contains('js')"),
          "a browser without script: the page's script does not run")
    plain_box = field(plain, "first")
    plain_box.clear()
    plain_box.send_keys("Grace")
    plain.find_element(By.CSS_SELECTOR, 'button[value="save"]').click()
    wait(plain, lambda d: field(d, "first").get_attribute("value") == "Grace", "a plain post saves the value")
    check(json.loads(formctl("get", "first", "--json"))["value"] == "Grace", "formctl get reads it")

    print(f"browser suite: {time.monotonic() - started:.1f} s", flush=True)
    print(f"{passed()} checks passed", flush=True)


run(main, drivers)
