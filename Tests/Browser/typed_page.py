#!/usr/bin/python3
"""The page's controls for every type, used with the keyboard alone, in
headless Chromium (selenium).

Usage: /usr/bin/python3 Tests/Browser/typed_page.py URL FORMCTL DB [SHOTS]

URL is the running server's, serving DB, a database holding
Examples/forms/survey.yaml (every type); FORMCTL the binary. From the
page's first control, only keys are sent (Tab, arrows, Space, Enter,
digits, letters): each control is reached in order, operated and saved,
which `formctl get` reads back; its focus shows (an outline or a ring of
at least 3:1 against the field). Then a browser without script posts the
same kinds of controls. At 320 CSS pixels wide no page scrolls sideways.
With SHOTS (a folder), screenshots at 1280x900, 390x844 and 320x800 go
there. Each check prints a line; the last is "N checks passed", and the
exit status is 0, or 1 at the first failing check.
Run by Tests/EndToEndTests/TypedPageBrowserTests.swift.
"""

import json
import os
import sys
import time

from browser_support import check, chromium, passed, run, run_formctl
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

URL, FORMCTL, DB = sys.argv[1], sys.argv[2], sys.argv[3]
SHOTS = sys.argv[4] if len(sys.argv) > 4 else None
BASE = URL.split("?")[0].rstrip("/")
DEADLINE = 60.0
# A browser far from UTC, so that a date-and-time shows its offset added.
os.environ["TZ"] = "Pacific/Auckland"
drivers = []


def browser(path="/", javascript=True, width=1280, height=900):
    driver = chromium(width, height, javascript)
    drivers.append(driver)
    driver.get(BASE + path)
    if javascript:
        WebDriverWait(driver, DEADLINE).until(lambda d: "live" in (d.find_element(By.TAG_NAME, "html").get_attribute("class") or ""))
    return driver


def get(key):
    return json.loads(run_formctl(FORMCTL, DB, "get", key, "--json"))["value"]


def wait_value(key, expected, what):
    deadline = time.monotonic() + DEADLINE
    value = None
    while time.monotonic() < deadline:
        value = get(key)
        if value == expected:
            break
        time.sleep(0.2)
    check(value == expected, f"{what}: formctl get {key} reads {expected!r} (got {value!r})")


def luminance(rgb):
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def rgb(css):
    parts = css[css.index("(") + 1:css.index(")")].split(",")
    return tuple(int(float(part)) for part in parts[:3])


def active(driver):
    return driver.switch_to.active_element


def focus_shows(driver, what):
    """The focused control draws an outline (or a box-shadow ring) of at
    least 3:1 against its field's background."""
    style = driver.execute_script("""
        const e = document.activeElement, s = getComputedStyle(e);
        const box = e.closest('.field') || document.body;
        return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, getComputedStyle(box).backgroundColor];
        """)
    outline_style, outline_width, outline_color, shadow, background = style
    drawn = outline_style not in ("none", "") and float(outline_width.rstrip("px") or 0) >= 2
    ratio = contrast(rgb(outline_color), rgb(background)) if drawn else 0
    check(drawn and ratio >= 3, f"{what}: focus shows ({outline_width} {outline_style}, {ratio:.1f}:1 against the field)")


def keys(driver, *sequence):
    active(driver).send_keys(*sequence)


def main():
    page = browser("/")
    # The first page: text, integer, decimal, date.
    page.find_element(By.ID, "field-name").click()
    check(active(page).get_attribute("id") == "field-name", "the first control is Name")
    check(active(page).get_attribute("autocomplete") == "name", "Name autofills as a name (WCAG 1.3.5)")
    focus_shows(page, "Name")
    keys(page, "Ada Lovelace")
    keys(page, Keys.TAB)
    check(active(page).get_attribute("id") == "field-age" and active(page).get_attribute("type") == "number",
          "Tab reaches Age, a number box")
    check(active(page).get_attribute("min") == "18" and active(page).get_attribute("max") == "120", "with min and max")
    focus_shows(page, "Age")
    keys(page, "36")
    keys(page, Keys.ENTER)
    check(active(page).get_attribute("id") == "field-height", "Enter moves on to Height")
    check(active(page).get_attribute("step") == "0.01", "a decimal's step")
    keys(page, "1.65")
    keys(page, Keys.TAB)
    check(active(page).get_attribute("type") == "date", "Tab reaches Start date, a date picker")
    keys(page, "12012026")
    wait_value("name", "Ada Lovelace", "typed text is saved")
    wait_value("age", 36, "a number typed is saved as a number")
    wait_value("height", 1.65, "a decimal")
    wait_value("start", "2026-12-01", "a date typed into the date picker")

    # The second page: radios, check boxes, yes/no, time, date-time, long text.
    page.get(BASE + "/?page=lunch")
    WebDriverWait(page, DEADLINE).until(lambda d: "live" in (d.find_element(By.TAG_NAME, "html").get_attribute("class") or ""))
    legend = page.find_element(By.CSS_SELECTOR, '.field[data-key="colour"] fieldset legend')
    check(legend.text == "Favourite colour", "a short select_one is a fieldset of radios with a legend")
    page.find_element(By.ID, "field-colour").click()
    keys(page, Keys.ARROW_RIGHT)
    check(active(page).get_attribute("value") == "green" and active(page).is_selected(), "an arrow key chooses the next colour")
    focus_shows(page, "a radio button")
    wait_value("colour", "green", "the radio chosen is saved")
    keys(page, Keys.TAB)
    check(active(page).get_attribute("type") == "checkbox" and active(page).get_attribute("value") == "cheese",
          "Tab leaves the radio group for Toppings' first check box")
    keys(page, Keys.SPACE)
    keys(page, Keys.TAB, Keys.TAB)
    check(active(page).get_attribute("value") == "basil", "Tab goes from box to box")
    keys(page, Keys.SPACE)
    wait_value("toppings", ["cheese", "basil"], "two boxes checked with Space are saved as a list")
    keys(page, Keys.TAB)
    check(active(page).get_attribute("name") == "field:laptop" and active(page).get_attribute("value") == "false",
          "Tab reaches the yes/no pair on its chosen No")
    keys(page, Keys.ARROW_LEFT)
    wait_value("laptop", True, "an arrow key answers Yes")
    keys(page, Keys.TAB)
    check(active(page).get_attribute("type") == "time", "Tab reaches Call at, a time picker")
    keys(page, "0930AM")
    wait_value("call", "09:30", "a time typed into the time picker")
    # Tab moves through a picker's own parts (hours, minutes, AM/PM) first.
    while active(page).get_attribute("type") == "time":
        keys(page, Keys.TAB)
    check(active(page).get_attribute("type") == "datetime-local", "Tab reaches Meeting, a date-and-time picker")
    keys(page, "12012026", Keys.TAB, "100000A")  # month day year, then hour minute second AM
    offset = page.execute_script("""
        const m = -new Date().getTimezoneOffset(); if (m === 0) return 'Z';
        const a = Math.abs(m); return (m > 0 ? '+' : '-') + String(Math.floor(a / 60)).padStart(2, '0') + ':' + String(a % 60).padStart(2, '0');""")
    wait_value("meeting", "2026-12-01T10:00:00" + offset, "a date-and-time gets the browser's offset")
    while active(page).get_attribute("id") != "field-bio":
        keys(page, Keys.TAB)
    hint = page.find_element(By.ID, "hint-bio")
    check(hint.text == "A few lines" and "hint-bio" in active(page).get_attribute("aria-describedby"),
          "About you has its hint under the label, tied with aria-describedby")
    check(active(page).tag_name == "textarea", "long text is a textarea")
    keys(page, "line one", Keys.ENTER, "line two")
    wait_value("bio", "line one\nline two", "Enter in a textarea is a new line")

    # Without script: the same kinds of controls post.
    plain = browser("/?page=lunch", javascript=False)
    plain.find_element(By.ID, "field-colour-3").click()
    plain.find_element(By.ID, "field-toppings").click()          # cheese off
    plain.find_element(By.ID, "field-toppings-2").click()        # olives on
    plain.find_element(By.ID, "field-laptop-2").click()          # No
    plain.find_element(By.CSS_SELECTOR, 'button[value="save"]').click()
    WebDriverWait(plain, DEADLINE).until(lambda d: "page=lunch" in d.current_url)
    wait_value("colour", "blue", "without script, a radio posts")
    wait_value("toppings", ["olives", "basil"], "without script, check boxes post as a list")
    wait_value("laptop", False, "without script, the yes/no pair posts")
    wait_value("meeting", "2026-12-01T10:00:00" + offset, "without script, an unchanged date-and-time keeps its offset")

    # Narrow screens: nothing scrolls sideways at 320 CSS pixels.
    for path in ("/", "/?page=lunch"):
        narrow = browser(path, width=320, height=800)
        sideways = narrow.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        check(sideways <= 0, f"{path} at 320 px: no sideways scrolling ({sideways} px)")
        check(narrow.execute_script("return window.innerWidth") == 320, f"{path}: the page is 320 CSS px wide")
        first_field = narrow.execute_script("return document.querySelector('.field').getBoundingClientRect().bottom")
        check(first_field < 800, f"{path} at 320 px: the first field is whole on the first screen (bottom {first_field:.0f} px)")
        bar = narrow.execute_script("return document.getElementById('minimap-area').getBoundingClientRect().height")
        check(bar <= 64, f"{path} at 320 px: the minimap is a bar {bar:.0f} px tall")
        toggle = narrow.find_element(By.CSS_SELECTOR, ".minimap-toggle")
        toggle.click()
        opened = narrow.execute_script("return document.getElementById('minimap-area').getBoundingClientRect().height")
        check(toggle.get_attribute("aria-expanded") == "true" and opened > 64, f"{path} at 320 px: its button opens it ({opened:.0f} px)")
        sideways = narrow.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        check(sideways <= 0, f"{path} at 320 px, minimap open: no sideways scrolling ({sideways} px)")
        toggle.click()
        if SHOTS:
            narrow.save_screenshot(os.path.join(SHOTS, f"survey{path.replace('/?page=', '-').rstrip('/')}-320.png"))
    if SHOTS:
        for width, height in ((1280, 900), (390, 844)):
            shot = browser("/?page=lunch", width=width, height=height)
            shot.save_screenshot(os.path.join(SHOTS, f"survey-lunch-{width}.png"))
    print(f"{passed()} checks passed", flush=True)


run(main, drivers)
