// A module of the Query-Driven repository uses the repository's Maven wrapper, CI and .gitignore;
// a stand-alone repository (-Dstandalone=true) keeps its own copies.
def service = new File(request.outputDirectory, request.artifactId)
if (request.properties.getProperty('standalone') == 'true') {
    new File(service, 'gitignore').renameTo(new File(service, '.gitignore'))
    ['mvnw', '.ci/run'].each { new File(service, it).setExecutable(true, false) }
} else {
    ['mvnw', 'mvnw.cmd', 'gitignore'].each { new File(service, it).delete() }
    ['.mvn', '.ci'].each { new File(service, it).deleteDir() }
}
