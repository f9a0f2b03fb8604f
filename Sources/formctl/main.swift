print("formctl")
