// A module of the Query-Driven repository uses the repository's Maven wrapper, CI and .gitignore;
// a stand-alone repository (-Dstandalone=true) keeps its own copies.
def root = new File(request.outputDirectory)
def service = new File(root, request.artifactId)
if (request.properties.getProperty('standalone') == 'true') {
    new File(service, 'gitignore').renameTo(new File(service, '.gitignore'))
    ['mvnw', '.ci/run'].each { new File(service, it).setExecutable(true, false) }
    return
}
['mvnw', 'mvnw.cmd', 'gitignore'].each { new File(service, it).delete() }
['.mvn', '.ci'].each { new File(service, it).deleteDir() }

// Maven adds the <module> by rewriting the whole parent POM (re-indented, blank lines gone). When
// that POM is committed in Git unchanged, put its own text back with the one new line instead.
def pom = new File(root, 'pom.xml')
def normalized = { String xml ->
    xml.replaceFirst(/^<\?xml[^>]*\?>/, '').replaceAll(/<([\w.-]+)><\/\1>/, '<$1/>')
        .replaceAll(/>\s+</, '><').replaceAll(/\s+/, ' ').trim()
}
try {
    def git = ['git', '-C', root.path, 'show', 'HEAD:./pom.xml'].execute()
    def committed = git.text
    if (git.waitFor() == 0 && pom.isFile() && committed.contains('\t</modules>')) {
        def restored = committed.replace('\t</modules>', "\t\t<module>${request.artifactId}</module>\n\t</modules>")
        if (normalized(restored) == normalized(pom.text)) {
            pom.text = restored
        }
    }
}
catch (IOException ignored) {
    // No git: the parent POM keeps Maven's formatting.
}
