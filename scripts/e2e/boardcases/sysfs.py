"""A fake sysfs tree: the files a sysfs sensor reads, under the case's own root."""
import os

def build_sysfs(root, files):
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f: f.write(text + "\n")
