"""What the engine keeps on disk: results cached between runs, files read back as a
stranger would, the version caches carry and the data shipped with the package.
"""
