package org.epistle.web.cli;

/** Bad input on the command line or in a file it names: reported in one line, exit code 2. */
public class UserInputException extends RuntimeException {
    public UserInputException(String message) {
        super(message);
    }
}
