"""What the browser tests' scripts (serve_page.py, collect_page.py,
typed_page.py, accessibility.py) share: a headless Chromium, numbered
checks that stop at the first failure, and running formctl.
"""

import subprocess

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

_passed = 0


def chromium(width=1200, height=800, javascript=True):
    """A new headless Chromium (Debian's, through its chromedriver) with a
    profile, and so cookies, of its own, showing the page WIDTH x HEIGHT
    CSS px (emulated: a window is never narrower than about 500 px)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={max(width, 600)},{height}", "--disable-extensions", "--no-first-run", "--lang=en-US"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(120)
    driver.set_script_timeout(120)
    # The page's viewport is exactly WIDTH x HEIGHT CSS px (the headless
    # window's own frame would take some of its height), a phone's below 600.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    return driver


def check(condition, what):
    """Prints "ok N: WHAT", or "FAILED: WHAT" and exits 1."""
    global _passed
    if not condition:
        print(f"FAILED: {what}", flush=True)
        raise SystemExit(1)
    _passed += 1
    print(f"ok {_passed}: {what}", flush=True)


def wait(driver, condition, what, timeout, poll=0.05):
    """Waits until condition(driver) is truthy, looking every `poll`
    seconds; a timeout (seconds) is a failed check. Returns the value."""
    try:
        value = WebDriverWait(driver, timeout, poll_frequency=poll).until(lambda d: condition(d))
    except TimeoutException:
        value = None
    check(value, what)
    return value


def passed():
    """How many checks passed so far."""
    return _passed


def run_formctl(binary, db, *arguments, timeout=60):
    """`binary ARGUMENTS --db DB`'s standard output; exits 1 if it fails."""
    result = subprocess.run([binary, *arguments, "--db", db], capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        print(f"FAILED: formctl {' '.join(arguments)} exited {result.returncode}: {result.stderr}", flush=True)
        raise SystemExit(1)
    return result.stdout


def run(main, drivers):
    """Runs `main`, then quits every browser in `drivers`, whatever happened."""
    try:
        main()
    finally:
        for driver in drivers:
            try:
                driver.quit()
            except Exception:
                pass
